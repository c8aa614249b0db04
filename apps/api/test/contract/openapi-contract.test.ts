/** The contract checker itself: it must catch what it is there to catch (issue 21, item 5). */
import { describe, expect, it } from 'vitest';
import { ContractChecker, type Document } from './openapi-contract';

const doc: Document = {
  components: {
    schemas: {
      ErrorResponse: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' } },
        required: ['code', 'message'],
        additionalProperties: false,
      },
    },
  },
  paths: {
    '/api/v1/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'string' }, note: { type: 'string', nullable: true } },
                  required: ['id', 'note'],
                },
              },
            },
          },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
        },
      },
      delete: { operationId: 'deleteThing', responses: { '204': {} } },
    },
    '/api/v1/things/special': {
      get: {
        operationId: 'getSpecial',
        responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } },
      },
    },
  },
};
const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (statusCode: number, body: unknown) => ({
  statusCode,
  headers: json,
  body: body === undefined ? '' : JSON.stringify(body),
});

describe('ContractChecker', () => {
  const checker = new ContractChecker(doc);

  it('accepts answers the document describes (nullable included, $ref resolved)', () => {
    expect(checker.problems('GET', '/api/v1/things/1?x=1', answer(200, { id: '1', note: null }))).toEqual([]);
    expect(checker.problems('GET', '/api/v1/things/1', answer(404, { code: 'NOT_FOUND', message: 'No' }))).toEqual([]);
    expect(checker.problems('DELETE', '/api/v1/things/1', answer(204, undefined))).toEqual([]);
  });

  it('refuses an undocumented status, a body outside the schema, a 204 with a body', () => {
    expect(checker.problems('GET', '/api/v1/things/1', answer(500, { code: 'INTERNAL', message: 'x' }))[0]).toMatch(
      /answered 500, which the document does not list/,
    );
    expect(checker.problems('GET', '/api/v1/things/1', answer(200, { id: 1, note: null }))[0]).toMatch(
      /outside its schema: \/id must be string/,
    );
    expect(checker.problems('GET', '/api/v1/things/1', answer(404, { code: 'X', message: 'y', extra: 1 }))[0]).toMatch(
      /additional properties/,
    );
    expect(checker.problems('DELETE', '/api/v1/things/1', answer(204, {}))[0]).toMatch(
      /a body the document says it has not/,
    );
  });

  it('matches static segments before parameters, and leaves undocumented paths alone', () => {
    expect(checker.operationOf('GET', '/api/v1/things/special')?.op.operationId).toBe('getSpecial');
    expect(checker.problems('GET', '/uploads/x.webp', answer(404, 'no'))).toEqual([]);
  });
});
