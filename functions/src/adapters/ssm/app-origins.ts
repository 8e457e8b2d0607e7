import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';

/**
 * The app's origins: the deployed app's own first (the stack writes its CloudFront domain, or its
 * custom domain, to an SSM parameter: the functions cannot be given the distribution's name, which
 * depends on the API that depends on them), then the stage's others (`fixed`). The parameter is
 * read once per container; a failed read is retried on the next call.
 */
export function createAppOrigins(options: {
  client: SSMClient;
  parameterName: string | undefined;
  fixed: readonly string[];
}): () => Promise<readonly string[]> {
  let deployed: Promise<string | undefined> | undefined;
  const read = (name: string) =>
    options.client
      .send(new GetParameterCommand({ Name: name }))
      .then(({ Parameter }) => Parameter?.Value || undefined)
      .catch((error: unknown) => {
        deployed = undefined;
        throw error;
      });
  return async () => {
    if (!options.parameterName) return options.fixed;
    deployed ??= read(options.parameterName);
    const own = await deployed;
    return [...new Set([...(own ? [own] : []), ...options.fixed])];
  };
}
