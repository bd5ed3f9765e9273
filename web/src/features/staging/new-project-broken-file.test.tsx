import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import NewProjectPage from './new-project-page';

// A big form rendered per keystroke: generous time on a busy (2-core, shared) machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const PROJECT_ID = '33333333-3333-4333-8333-333333333333';

function setup(language: 'en' | 'de' = 'en') {
  let uploads = 0;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
    ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
    [
      'POST',
      '/api/objects/upload',
      () =>
        jsonResponse({
          uploadURL: `/upload/${++uploads}`,
          objectPath: `/objects/users/u/uploads/${uploads}`,
        }),
    ],
    ['PUT', /^\/upload\//, () => jsonResponse({})],
    [
      'POST',
      '/api/process-image',
      () => jsonResponse({ success: true, processedImagePath: '/users/u/projects/p/staged-1.jpg' }),
    ],
    [
      'GET',
      `/api/projects/${PROJECT_ID}`,
      () =>
        jsonResponse(testProject({
          id: PROJECT_ID,
          title: 'Flat',
          createdAt: '2026-11-21T10:00:00.000Z',
          images: [],
        })),
    ],
  ]);
  renderWithProviders(<NewProjectPage />, { path: '/new-project', language });
  return { mock, user: userEvent.setup() };
}

/** A text file with a photo's name and type: what a broken download or a renamed file looks like. */
const textAsJpeg = () => new File(['this is not a photo\n'], 'kaputt.jpg', { type: 'image/jpeg' });

describe('picker: a file that is not a readable image (issue #23)', () => {
  it('lists it with the reason, leaves it out of the count and the cost, and stages the valid photo', async () => {
    const { user, mock } = setup();
    await user.click(await screen.findByLabelText('Project name'));
    await user.paste('Flat');
    await user.upload(screen.getByLabelText('Room photos'), [
      textAsJpeg(),
      pngFile('room.png', 1600, 1200),
    ]);

    const rejected = await screen.findByTestId('picker-rejected');
    expect(rejected).toHaveTextContent(
      'kaputt.jpg is not a readable image (damaged, or another kind of file with an image name) and was skipped.',
    );
    expect(rejected).toHaveAttribute('data-reason', 'unreadable');
    expect(screen.getByText('1 of 6 images selected')).toBeInTheDocument();
    expect(screen.getByTestId('credit-cost')).toHaveTextContent('1 credit');

    await user.click(screen.getByRole('button', { name: 'Start staging' }));
    await waitFor(() =>
      expect(mock.calls.filter((c) => c.url === '/api/process-image')).toHaveLength(1),
    );
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('rejects a photo whose header is right but that the browser cannot decode, in German too', async () => {
    vi.stubGlobal('createImageBitmap', (file: File) =>
      file.name === 'abgeschnitten.png'
        ? Promise.reject(
            new DOMException('The source image could not be decoded.', 'InvalidStateError'),
          )
        : Promise.resolve({ close() {} }),
    );
    const { user } = setup('de');
    await user.upload(await screen.findByLabelText('Raumfotos'), [
      pngFile('abgeschnitten.png', 1600, 1200),
      pngFile('wohnzimmer.png', 1600, 1200),
    ]);
    expect(await screen.findByTestId('picker-rejected')).toHaveTextContent(
      'abgeschnitten.png ist kein lesbares Bild (beschädigt oder eine andere Datei mit Bild-Endung) und wurde übersprungen.',
    );
    expect(screen.getByText('1 von 6 Bildern ausgewählt')).toBeInTheDocument();
  });
  it('with more than six photos keeps the first six, says how many were left out and still lists the broken file', async () => {
    const { user } = setup();
    await user.upload(await screen.findByLabelText('Room photos'), [
      textAsJpeg(),
      ...Array.from({ length: 7 }, (_, i) => pngFile(`room-${i + 1}.png`, 1600, 1200)),
    ]);
    const notice = await screen.findByTestId('picker-notice');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        '1 photo was left out: a project holds up to 6 photos. Remove one to add another.',
      ),
    );
    expect(screen.getByTestId('picker-rejected')).toHaveAttribute('data-reason', 'unreadable');
    expect(await screen.findByText('6 of 6 images selected')).toBeInTheDocument();
  });
});

/** The first bytes of an iPhone photo (ISO BMFF `ftyp` box, brand heic); no browser here decodes it. */
const heicFile = (name: string, type = '') => {
  const ftyp = [0, 0, 0, 0x18, ...'ftypheic', 0, 0, 0, 0, ...'mif1heic'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c));
  return new File([new Uint8Array([...ftyp, ...new Array(64).fill(0)])], name, { type });
};

describe('picker: photos as phones take them (issue #39)', () => {
  it('takes a HEIC photo (also without a MIME type), shows that there is no preview, and uploads it as image/heic', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('not decodable', 'InvalidStateError')));
    const { user, mock } = setup();
    await user.click(await screen.findByLabelText('Project name'));
    await user.paste('Flat');
    await user.upload(screen.getByLabelText('Room photos'), [heicFile('IMG_0001.HEIC'), heicFile('IMG_0002.heic', 'image/heic')]);

    expect(await screen.findByText('2 of 6 images selected')).toBeInTheDocument();
    expect(screen.queryByTestId('picker-rejected')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('no-preview')[0]).toHaveTextContent('No preview here. The photo is sent as it is.');

    await user.click(screen.getByRole('button', { name: 'Start staging' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.url === '/api/process-image')).toHaveLength(2));
    const puts = mock.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => (c.init?.headers as Record<string, string>)['Content-Type'])).toEqual(['image/heic', 'image/heic']);
    expect(mock.calls.filter((c) => c.url === '/api/objects/upload').map((c) => (c.body as { contentType?: string }).contentType)).toEqual(['image/heic', 'image/heic']);
  });

  it('names a file of another format and a file over 30 MB, and says how to send them, in German too', async () => {
    setup('de');
    const user = userEvent.setup({ applyAccept: false }); // as a drop, which the input's accept does not filter
    const tiff = new File([new Uint8Array([0x49, 0x49, 0x2a, 0, ...new Array(60).fill(0)])], 'grundriss.tiff', { type: 'image/tiff' });
    const huge = pngFile('panorama.png', 1600, 1200);
    Object.defineProperty(huge, 'size', { value: 31 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Raumfotos'), [tiff, huge, pngFile('wohnzimmer.png', 1600, 1200)]);
    const rejected = await screen.findAllByTestId('picker-rejected');
    expect(rejected.map((r) => r.textContent)).toEqual([
      expect.stringContaining('grundriss.tiff ist eine TIFF-Datei, die Raumwerk nicht lesen kann, und wurde übersprungen. Speichern oder exportieren Sie sie als JPG'),
      expect.stringContaining('panorama.png ist größer als 30 MB und wurde übersprungen.'),
    ]);
    expect(screen.getByText('1 von 6 Bildern ausgewählt')).toBeInTheDocument();
  });
});
