// What of a server's error body becomes the message a user sees (parseErrorBody): exactly that text, redacted and
// clipped, from a capped part of the body; HTML pages give their title or first heading, never their markup.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ERROR_BODY_PARSED, parseErrorBody } from '../../../src/api/errors';

describe('error body → message', () => {
  it('an empty or blank body has no message', () => {
    assert.deepEqual(parseErrorBody('', undefined, []), { html: false });
    assert.deepEqual(parseErrorBody(' \n\t ', 'text/plain', []), { html: false });
  });

  it('only the first MAX_ERROR_BODY_PARSED characters are read', () => {
    // Read whole, the body would not be JSON and would show as text.
    const body = `{"message":"not found"}${' '.repeat(MAX_ERROR_BODY_PARSED)}trailing`;
    assert.deepEqual(parseErrorBody(body, 'application/json', []), { html: false, message: 'not found' });
  });

  it('a JSON message is redacted; JSON without a string message, null, a number or a string has none', () => {
    assert.deepEqual(parseErrorBody(' {"message":"token s3cr3t-t0k is wrong"}\n', 'application/json', ['s3cr3t-t0k']), {
      html: false,
      message: 'token *** is wrong',
    });
    for (const body of ['{"message":3}', '{"message":null}', '{"error":"x"}', '{}', '[]', 'null', '0', '"text"', 'true']) {
      assert.deepEqual(parseErrorBody(body, 'application/json', []), { html: false }, body);
    }
  });

  it('a body that is not JSON is its trimmed text, redacted, clipped to 300 characters', () => {
    assert.deepEqual(parseErrorBody('\n 404 page not found \n', 'text/plain', []), { html: false, message: '404 page not found' });
    assert.deepEqual(parseErrorBody('see https://u:pw@h/x with pass-1234', undefined, ['pass-1234']), {
      html: false,
      message: 'see https://h/x with ***',
    });
    // Markup that does not begin the body makes no HTML page.
    assert.deepEqual(parseErrorBody('bad <body> tag', 'text/plain', []), { html: false, message: 'bad <body> tag' });
    assert.deepEqual(parseErrorBody('x'.repeat(400), undefined, []), { html: false, message: `${'x'.repeat(300)}…` });
  });

  it('an HTML page (by its content type or its first tag, in any case) gives its title, its spaces collapsed', () => {
    const page = '<html><head><title>\n  502   Bad\n\tGateway  </title></head><body><h1>nginx</h1></body></html>';
    assert.deepEqual(parseErrorBody(page, 'text/html', []), { html: true, message: '502 Bad Gateway' });
    assert.deepEqual(parseErrorBody(page, undefined, []), { html: true, message: '502 Bad Gateway' });
    assert.deepEqual(parseErrorBody('<HTML><HEAD><TITLE>Service Unavailable</TITLE></HEAD></HTML>', undefined, []), {
      html: true,
      message: 'Service Unavailable',
    });
    assert.deepEqual(parseErrorBody('\n  <!DOCTYPE html><Title>Oops</Title>', 'application/octet-stream', []), { html: true, message: 'Oops' });
    assert.deepEqual(parseErrorBody('<body><h1>Forbidden</h1></body>', undefined, []), { html: true, message: 'Forbidden' });
    assert.deepEqual(parseErrorBody('<head></head>', undefined, []), { html: true, message: undefined });
    // The content type alone makes it a page, whatever the body begins with.
    assert.deepEqual(parseErrorBody('Error: <title>Down</title>', 'Text/HTML; charset=utf-8', []), { html: true, message: 'Down' });
    assert.deepEqual(parseErrorBody('Error, no markup', 'text/html', []), { html: true, message: undefined });
  });

  it('an HTML title is redacted and clipped; without a title the first heading is taken', () => {
    assert.deepEqual(parseErrorBody('<html><title>Login for https://u:pw@h failed</title>', 'text/html', []), {
      html: true,
      message: 'Login for https://h failed',
    });
    assert.deepEqual(parseErrorBody(`<html><title>${'t'.repeat(350)}</title>`, 'text/html', []), { html: true, message: `${'t'.repeat(300)}…` });
    assert.deepEqual(parseErrorBody('<html><H1 class="e">Not Found</H1><h1>Other</h1>', 'text/html', []), { html: true, message: 'Not Found' });
    assert.deepEqual(parseErrorBody('<html><h1>Heading</h1><title>Title</title>', 'text/html', []), { html: true, message: 'Title' });
  });
});
