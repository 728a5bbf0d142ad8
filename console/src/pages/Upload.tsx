// SBOM upload: drag-and-drop or file picker, optional name/asset/version, a progress bar, errors in words.
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { upload } from '../api/http.ts';
import type { Data, Meta } from '../api/rest.ts';
import { ErrorMessage } from '../components/bits.tsx';

/** POST /sscs/sboms/upload: the stored SBOM, and advisories per ecosystem of its components (meta). */
type Uploaded = Data<'postSscsSbomsUpload'>;
type Coverage = Meta<'postSscsSbomsUpload'>['coverage'][number];

export function UploadSbom() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{
    sbom: Uploaded;
    coverage: Coverage[];
  } | null>(null);

  function pick(files: FileList | null) {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setError(null);
    setDone(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    if (version.trim()) form.append('version', version.trim());
    form.append('file', file, file.name);
    setError(null);
    setDone(null);
    setProgress(0);
    try {
      const result = await upload<Uploaded, Meta<'postSscsSbomsUpload'>>(
        '/sscs/sboms/upload',
        form,
        setProgress,
      ).promise;
      setDone({ sbom: result.data, coverage: result.meta?.coverage ?? [] });
      setFile(null);
      setName('');
      setVersion('');
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['sboms'] });
      await queryClient.invalidateQueries({ queryKey: ['findings'] });
    } catch (failure) {
      setError(failure);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="card" aria-labelledby="upload-h">
      <h2 id="upload-h">Upload an SBOM</h2>
      <form onSubmit={(e) => void submit(e)}>
        <div
          className={dragging ? 'dropzone over' : 'dropzone'}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>
            Drop a CycloneDX (JSON or XML) or SPDX file here, or{' '}
            <label htmlFor="sbom-file" className="linkish">
              choose a file
            </label>
            .
          </p>
          <input
            ref={input}
            id="sbom-file"
            className="visually-hidden-file"
            type="file"
            accept=".json,.xml,.spdx,.jsonld"
            onChange={(e) => pick(e.target.files)}
          />
          {file && (
            <p data-testid="chosen-file">
              Selected: <strong>{file.name}</strong> ({(file.size / 1024).toFixed(0)} KiB)
            </p>
          )}
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor="sbom-name">Name (optional)</label>
            <input id="sbom-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="sbom-version">Version (optional)</label>
            <input id="sbom-version" value={version} onChange={(e) => setVersion(e.target.value)} />
          </div>
        </div>
        {progress !== null && (
          <div className="progress-line">
            <label htmlFor="upload-progress">
              {progress < 1 ? 'Sending' : 'Matching against advisories'}
            </label>
            <progress id="upload-progress" max={1} value={progress < 1 ? progress : undefined} />
          </div>
        )}
        <ErrorMessage error={error} />
        <button type="submit" disabled={!file || progress !== null}>
          Upload
        </button>
      </form>
      {done && (
        <div className="success" role="status">
          <p>
            Uploaded{' '}
            <Link to="/sboms/$sbomId" params={{ sbomId: done.sbom.id }}>
              {done.sbom.name}
            </Link>
            : {done.sbom.componentCount.toLocaleString()} components,{' '}
            {done.sbom.findingCount.toLocaleString()} findings.
          </p>
          {done.coverage.some((c) => c.advisories === 0) && (
            <p>
              No advisories are loaded for{' '}
              {done.coverage
                .filter((c) => c.advisories === 0)
                .map((c) => c.ecosystem)
                .join(', ')}
              , so those components cannot have findings yet.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
