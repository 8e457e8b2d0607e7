/** Why a remote server's answer was cut off (it is untrusted: its answers have a size limit). */
export const responseTooLargeMessage = (maxBytes: number) =>
  `The MCP server's answer passed ${Math.round(maxBytes / 1_048_576)} MB and was cut off.`;

/**
 * A fetch whose responses stop at `maxBytes` each: a larger declared length is refused at once, a
 * body that grows past it errors as it is read (an SSE stream too).
 */
export function cappedFetch(inner: typeof fetch, maxBytes: number): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new Error(responseTooLargeMessage(maxBytes));
    }
    if (!response.body) return response;
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new Error(responseTooLargeMessage(maxBytes)));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}
