// The examples of the OpenAPI document are data beside each area (`src/<area>/examples.ts`, declared by the
// area's descriptor) keyed by operationId, and join the document only when it is made: the route schemas, which
// validate requests, stay free of them, so a change of a schema and a change of its example touch different files.

/** The examples of one operation. */
interface OperationExamples {
  /** The request body: a JSON value, or the text of an XML body. */
  request?: unknown;
  /** One answer body for each success status with a JSON body. */
  responses?: Readonly<Record<number, unknown>>;
}

/** Examples by operationId. */
export type ApiExamples = Readonly<Record<string, OperationExamples>>;

type Operation = Record<string, unknown> & {
  operationId?: string;
  requestBody?: { content?: Record<string, Record<string, unknown>> };
  responses?: Record<string, { content?: Record<string, Record<string, unknown>> }>;
};

/** The operation with its examples set as the `example` of its media types (the operation is not changed). */
export function withExamples(operation: Operation, examples: ApiExamples): Operation {
  const found = operation.operationId === undefined ? undefined : examples[operation.operationId];
  if (!found) return operation;
  const result: Operation = { ...operation };
  const content = operation.requestBody?.content;
  if (found.request !== undefined && content) {
    result.requestBody = {
      ...operation.requestBody,
      content: Object.fromEntries(
        Object.entries(content).map(([type, media]) => [type, { ...media, example: found.request }]),
      ),
    };
  }
  if (found.responses && operation.responses) {
    const responses = { ...operation.responses };
    for (const [status, body] of Object.entries(found.responses)) {
      const media = responses[status]?.content?.['application/json'];
      if (!media) continue;
      responses[status] = {
        ...responses[status],
        content: { ...responses[status].content, 'application/json': { ...media, example: body } },
      };
    }
    result.responses = responses;
  }
  return result;
}
