import { expect, test } from '../support/fixtures';

test("an over-large body sent through the site gets the API's own 413, every time", async ({
  travelerPage: page,
}) => {
  // The API refuses these before reading them and closes the connection; the host's proxy must
  // still relay its answer (it used to answer 502 or reset the connection now and then). Signed
  // in, because a visitor's request is refused (401) before its body is looked at.
  const { request } = page;
  const sizes = [70_000, 300_000, 900_000];
  for (let i = 0; i < 18; i += 1) {
    const size = sizes[i % sizes.length] ?? 0;
    const response = await request.post('/api/projects', {
      headers: { 'content-type': 'application/json' },
      data: Buffer.alloc(size, 'a'),
    });
    expect(response.status(), `${size} bytes`).toBe(413);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/too large/i) });
  }
});
