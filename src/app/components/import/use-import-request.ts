import { useEffect, useRef, useState } from "react";
import { API_URL } from "../../config";
import { contentType, importParams, type FileKind, type ImportReport } from "../../lib/import";
import { httpClient } from "../../providers/http-client";

/** Where a call is: the file going up (with how much of it), then the server reading it. */
export type Phase = "idle" | "uploading" | "processing";

export interface ImportCall {
  file: File;
  kind: FileKind;
  dryRun: boolean;
  skipInvalid?: boolean;
  columns?: readonly (string | null)[];
}

/**
 * POST /api/<resource>/import with the file's bytes as the body, through the app's one HTTP client
 * (same base URL, cookies and error shape as the data provider), which the data provider's
 * `custom` cannot do: it reports no upload progress. A new call or leaving the page cancels the
 * one under way; a cancelled call settles with `null`.
 */
export function useImportRequest(resource: string) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [percent, setPercent] = useState(0);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const send = async ({ file, kind, ...options }: ImportCall): Promise<ImportReport | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setPhase("uploading");
    setPercent(0);
    try {
      const { data } = await httpClient.post<ImportReport>(`${API_URL}/${resource}/import`, file, {
        params: importParams(options),
        headers: { "Content-Type": contentType(kind) },
        signal: controller.signal,
        onUploadProgress: ({ loaded, total }) => {
          if (controller.signal.aborted) return;
          const size = total ?? file.size;
          setPercent(size ? Math.min(100, Math.round((loaded / size) * 100)) : 100);
          // All sent: what is left is the server reading and checking every row.
          if (loaded >= size) setPhase("processing");
        },
      });
      return controller.signal.aborted ? null : data;
    } catch (error) {
      if (controller.signal.aborted) return null;
      throw error;
    } finally {
      if (current.current === controller) {
        current.current = null;
        setPhase("idle");
      }
    }
  };

  return { phase, percent, busy: phase !== "idle", send };
}
