import { useId, useRef } from 'react';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';

/** The chosen metadata file: its name (shown) and its XML (sent as `metadataFile`). */
export interface MetadataFile {
  name: string;
  xml: string;
}

/**
 * A SAML provider's metadata: its URL, or the metadata file the company's IdP exports ('Choose
 * metadata file', read in the browser and sent as text; a chosen file wins over the URL until it
 * is removed). A saved file shows as such: the XML is never sent back by the API.
 */
export function SamlMetadataFields(props: {
  metadataUrl: string;
  onMetadataUrl: (url: string) => void;
  file: MetadataFile | null;
  onFile: (file: MetadataFile | null) => void;
  savedFile: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const status = props.file
    ? `Metadata file: ${props.file.name}`
    : props.savedFile
      ? 'A metadata file is saved: choose it again to save changes.'
      : 'No metadata file chosen.';
  return (
    <>
      {props.file ? null : (
        <TextField
          label="Metadata URL"
          type="url"
          value={props.metadataUrl}
          onChange={(e) => props.onMetadataUrl(e.target.value)}
        />
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span id={statusId} className="text-slate-700">
          {status}
        </span>
        <Button onClick={() => input.current?.click()} aria-describedby={statusId}>
          Choose metadata file
        </Button>
        {props.file ? (
          <Button onClick={() => props.onFile(null)} aria-label="Remove the metadata file">
            Remove
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          className="sr-only"
          tabIndex={-1}
          aria-label="SAML metadata file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void chosen.text().then((xml) => props.onFile({ name: chosen.name, xml }));
          }}
        />
      </div>
    </>
  );
}
