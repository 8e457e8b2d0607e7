import { createAreaRouter } from '../../http/area-router.js';
import { handler as deleteFile } from './delete-file.js';
import { handler as listFiles } from './list-files.js';
import { handler as putFile } from './put-file.js';
import { handler as renameFile } from './rename-file.js';

export const handler = createAreaRouter('workspace', { listFiles, putFile, deleteFile, renameFile });
