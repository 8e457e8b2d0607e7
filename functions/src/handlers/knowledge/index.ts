import { createAreaRouter } from '../../http/area-router.js';
import { handler as createCollection } from './create-collection.js';
import { handler as createUpload } from './create-upload.js';
import { handler as deleteCollection } from './delete-collection.js';
import { handler as deleteFile } from './delete-file.js';
import { handler as getCollection } from './get-collection.js';
import { handler as getFile } from './get-file.js';
import { handler as getPassage } from './get-passage.js';
import { handler as listCollections } from './list-collections.js';
import { handler as listFiles } from './list-files.js';
import { handler as search } from './search.js';
import { handler as updateCollection } from './update-collection.js';

export const handler = createAreaRouter('knowledge', {
  listCollections,
  createCollection,
  getCollection,
  updateCollection,
  deleteCollection,
  listFiles,
  createUpload,
  getFile,
  deleteFile,
  search,
  getPassage,
});
