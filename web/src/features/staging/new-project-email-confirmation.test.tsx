import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import NewProjectPage from './new-project-page';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const notVerified = () =>
  jsonResponse(
    { message: 'Please confirm your e-mail address first.', code: 'email_not_verified' },
    403,
  );

function setup(user: ReturnType<typeof testUser>, upload = notVerified) {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(user)],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
    [
      'POST',
      '/api/projects',
      () => jsonResponse({ id: '22222222-2222-4222-8222-222222222222' }, 201),
    ],
    ['POST', '/api/objects/upload', upload],
    ['POST', '/api/process-image', notVerified],
  ]);
  renderWithProviders(<NewProjectPage />, { path: '/new-project' });
  return { mock, u: userEvent.setup() };
}

async function fill(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByLabelText('Project name'));
  await u.paste('Flat 3');
  await u.upload(screen.getByLabelText('Room photos'), [pngFile('room.png', 1600, 1200)]);
  await screen.findByText('1 of 6 images selected');
}

describe('New project: the account refusals of issue #10', () => {
  it('says so up front and keeps Start staging disabled; nothing is uploaded', async () => {
    const { mock, u } = setup(testUser({ emailVerified: false }));
    await fill(u);
    expect(screen.getByTestId('email-not-verified-notice')).toHaveTextContent(
      'Confirm your e-mail address firstStaging starts once you have confirmed your address. Open the link we sent to anna@example.com',
    );
    expect(screen.getByRole('button', { name: 'Start staging' })).toBeDisabled();
    expect(mock.calls.some((c) => c.url === '/api/objects/upload')).toBe(false);
  });

  it('a 403 email_not_verified from the upload (the account changed meanwhile) gets the same clear text, not "upload failed"', async () => {
    const { u } = setup(testUser({ emailVerified: true }));
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Start staging' }));
    const problem = await screen.findByTestId('staging-error');
    expect(problem).toHaveTextContent('Confirm your e-mail address first');
    expect(problem).not.toHaveTextContent('upload');
  });

  it('too many unused uploads (409 upload_quota_exceeded) says what to do', async () => {
    const { u } = setup(testUser(), () =>
      jsonResponse(
        { message: 'Too many uploads not used in a project.', code: 'upload_quota_exceeded' },
        409,
      ),
    );
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Start staging' }));
    expect(await screen.findByTestId('staging-error')).toHaveTextContent(
      'You have too many photos waiting to be staged.',
    );
  });
});
