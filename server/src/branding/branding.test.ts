import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_LIMITS } from '../../../contract/branding.js';
import { LISTING_DISCLOSURE } from '../../../contract/sharing.js';
import { projectImages } from '../db/schema/projects.js';
import { imageWorkState, runImageWork } from '../images/image-work.js';
import { users } from '../db/schema/users.js';
import {
  createProject,
  photo,
  processImage,
  ScriptedEngine,
  upload,
} from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { teamOfThree } from '../../test/support/workspace-fixtures.js';
import { LOGO_UPLOADS_PER_HOUR } from './routes.js';
import { zipEntries } from '../../test/support/zip-entries.js';

/** Issue #24 item 4 (decision 045): branding by route × role, hostile logos and fields, and where it shows. */
let t: TestApp;
let tracker: Server;
let trackerHits = 0;
beforeAll(async () => {
  t = await createTestApp({
    jobs: true,
    env: { REGISTER_LIMIT_PER_HOUR: '1000' },
    services: { engine: new ScriptedEngine([], 'ok') },
  });
  tracker = createServer((_req, res) => {
    trackerHits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => tracker?.close(resolve));
});

const SLOW = { timeout: 120_000 };
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (
  method: Method,
  url: string,
  cookie?: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const putLogo = (workspaceId: string, cookie: string, bytes: Buffer, type: string) =>
  call('PUT', `/api/workspaces/${workspaceId}/branding/logo`, cookie, bytes, {
    'content-type': type,
  });

/** The brand's colour, and a 4:1 logo that is that colour edge to edge (so its pixels can be found in a label). */
const BRAND_RED = { r: 0xd4, g: 0x20, b: 0x2a };
const redLogoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#d4202a"/></svg>',
);
const isBrandRed = (r: number, g: number, b: number) =>
  Math.abs(r - BRAND_RED.r) < 40 &&
  Math.abs(g - BRAND_RED.g) < 40 &&
  Math.abs(b - BRAND_RED.b) < 40;

/** A Business workspace (or a Pro one) with an admin and a member. */
const businessTeam = (plan: 'business' | 'pro' = 'business') =>
  teamOfThree(t.app, t.database.db, plan, 1000);

const BRANDING = {
  displayName: 'Muster Immobilien',
  contactName: 'Anna Muster',
  phone: '+49 30 1234567',
  email: 'Anna@Muster-Immobilien.de',
  website: 'muster-immobilien.de',
  accentColor: '#1F6FEB',
};

describe('branding routes by role', SLOW, () => {
  it('owner and admin set it, a member reads it and gets 403, strangers and removed members 404, a Pro workspace 403 plan_required', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    const url = `/api/workspaces/${workspaceId}/branding`;
    const saved = await call('PUT', url, owner.cookie, BRANDING);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      available: true,
      canEdit: true,
      branding: {
        ...BRANDING,
        email: 'anna@muster-immobilien.de',
        website: 'https://muster-immobilien.de',
        accentColor: '#1f6feb',
        logoUrl: null,
        logoWidth: null,
        logoHeight: null,
      },
    });
    const byAdmin = await call('PUT', url, admin.cookie, {
      ...BRANDING,
      displayName: 'Muster & Partner',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().branding.displayName).toBe('Muster & Partner');

    const read = await call('GET', url, member.cookie);
    expect(read.json()).toMatchObject({
      available: true,
      canEdit: false,
      branding: { displayName: 'Muster & Partner' },
    });
    for (const denied of [
      call('PUT', url, member.cookie, BRANDING),
      putLogo(workspaceId, member.cookie, redLogoSvg, 'image/svg+xml'),
      call('DELETE', `${url}/logo`, member.cookie),
    ]) {
      const res = await denied;
      expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden_role']);
    }

    const stranger = await signUp(t.app);
    for (const res of [
      await call('GET', url, stranger.cookie),
      await call('PUT', url, stranger.cookie, BRANDING),
      await call('GET', `${url}/logo`, stranger.cookie),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    }
    expect((await call('GET', url)).statusCode).toBe(401);
    expect(
      (
        await call(
          'DELETE',
          `/api/workspace/members/${member.user.id}`,
          `${owner.cookie}; rw_workspace=${workspaceId}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', url, member.cookie)).statusCode).toBe(404);
    expect((await call('PUT', url, member.cookie, BRANDING)).statusCode).toBe(404);

    const pro = await businessTeam('pro');
    const proUrl = `/api/workspaces/${pro.workspaceId}/branding`;
    expect((await call('GET', proUrl, pro.owner.cookie)).json()).toMatchObject({
      available: false,
      canEdit: false,
    });
    for (const res of [
      await call('PUT', proUrl, pro.owner.cookie, BRANDING),
      await putLogo(pro.workspaceId, pro.owner.cookie, redLogoSvg, 'image/svg+xml'),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([403, 'plan_required']);
      expect(res.json().message).toContain('Business plan');
    }
  });
});

describe('hostile input', SLOW, () => {
  it('an SVG with a script and external references is rasterised to a PNG: nothing active stored, nothing fetched', async () => {
    const { owner, workspaceId } = await businessTeam();
    const base = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
    const hostile = Buffer.from(`<?xml version="1.0"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="100" onload="alert(1)">
        <script>fetch('${base}/script')</script>
        <style>@import url('${base}/style.css');</style>
        <rect width="400" height="100" fill="#d4202a"/>
        <image href="${base}/pixel.png" xlink:href="${base}/pixel2.png" width="10" height="10"/>
        <use href="${base}/sprite.svg#a"/>
        <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${base}/frame"></iframe></foreignObject>
        <image href="file:///etc/passwd" width="10" height="10"/>
      </svg>`);
    const res = await putLogo(workspaceId, owner.cookie, hostile, 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    // Rendered at the stored size: the long side is the limit, the aspect the SVG's 4:1.
    expect(res.json().branding).toMatchObject({
      logoWidth: BRANDING_LIMITS.logoMaxSide,
      logoHeight: BRANDING_LIMITS.logoMaxSide / 4,
    });
    const logo = await call('GET', res.json().branding.logoUrl, owner.cookie);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(logo.rawPayload.toString('latin1')).not.toMatch(/script|onload|127\.0\.0\.1|<svg/i);
    const { data } = await sharp(logo.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(isBrandRed(data[0]!, data[1]!, data[2]!)).toBe(true);
    // An external entity (XXE) is not resolved: the file is refused as unreadable.
    const xxe = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY ext SYSTEM "${base}/entity">]><svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><text>&ext;</text></svg>`,
    );
    const refused = await putLogo(workspaceId, owner.cookie, xxe, 'image/svg+xml');
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'unprocessable_image']);
    expect(trackerHits).toBe(0);
  });

  it('refuses the stalling SVG of issue 36 (50 nested <g filter>, feGaussianBlur 1000) with 422 logo_too_complex, without taking an image-work slot', async () => {
    const { owner, workspaceId } = await businessTeam();
    let inner = '<rect width="100" height="100" fill="#d4202a"/>';
    for (let i = 0; i < 50; i++) inner = `<g filter="url(#f)">${inner}</g>`;
    const stalling = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f"><feGaussianBlur stdDeviation="1000"/></filter>${inner}</svg>`,
    );
    // Every image-work slot is held by someone else's work: a refusal that needed a slot would queue behind them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { limit } = imageWorkState();
    const holders = Array.from({ length: limit }, () => runImageWork(() => held));
    let watch: NodeJS.Timeout | undefined;
    const queued = new Promise<never>((_resolve, reject) => {
      watch = setInterval(
        () =>
          imageWorkState().waiting > 0 &&
          reject(new Error('the logo queued for an image-work slot')),
        5,
      );
    });
    try {
      const refused = await Promise.race([
        putLogo(workspaceId, owner.cookie, stalling, 'image/svg+xml'),
        queued,
      ]);
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'logo_too_complex']);
      expect(imageWorkState()).toMatchObject({ active: limit, waiting: 0 });
    } finally {
      clearInterval(watch);
      release();
      await Promise.all(holders);
    }
    expect(
      (await call('GET', `/api/workspaces/${workspaceId}/branding`, owner.cookie)).json().branding
        .logoUrl,
    ).toBeNull();
  });

  it(`rations logo uploads: the ${LOGO_UPLOADS_PER_HOUR + 1}th within an hour answers 429 rate_limited`, async () => {
    const { owner, workspaceId } = await businessTeam();
    const broken = Buffer.from('not a picture at all');
    for (let i = 0; i < LOGO_UPLOADS_PER_HOUR; i++)
      expect((await putLogo(workspaceId, owner.cookie, broken, 'image/svg+xml')).statusCode).toBe(
        422,
      );
    const limited = await putLogo(workspaceId, owner.cookie, redLogoSvg, 'image/svg+xml');
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an oversize logo (413), a type that is no image (415), an SVG posing as a PNG and a broken file (422)', async () => {
    const { owner, workspaceId } = await businessTeam();
    const big = await putLogo(
      workspaceId,
      owner.cookie,
      Buffer.alloc(BRANDING_LIMITS.logoBytes + 1, 1),
      'image/png',
    );
    expect([big.statusCode, big.json()]).toEqual([
      413,
      { code: 'payload_too_large', message: 'The logo may be at most 1 MB.' },
    ]);
    const html = await putLogo(
      workspaceId,
      owner.cookie,
      Buffer.from('<html></html>'),
      'text/html',
    );
    expect([html.statusCode, html.json().code]).toEqual([415, 'unsupported_media_type']);
    const posing = await putLogo(workspaceId, owner.cookie, redLogoSvg, 'image/png');
    expect([posing.statusCode, posing.json().code]).toEqual([422, 'unprocessable_image']);
    const broken = await putLogo(
      workspaceId,
      owner.cookie,
      Buffer.from('not a picture at all'),
      'image/svg+xml',
    );
    expect([broken.statusCode, broken.json().code]).toEqual([422, 'unprocessable_image']);
    expect(
      (await call('GET', `/api/workspaces/${workspaceId}/branding`, owner.cookie)).json().branding
        .logoUrl,
    ).toBeNull();
  });

  it('refuses a bad colour and over-long or malformed contact fields with 400', async () => {
    const { owner, workspaceId } = await businessTeam();
    const url = `/api/workspaces/${workspaceId}/branding`;
    const cases: Array<[object, string]> = [
      [{ accentColor: 'red' }, 'accentColor'],
      [{ accentColor: '#12345' }, 'accentColor'],
      [{ accentColor: '#1f6feb; background:url(x)' }, 'accentColor'],
      [{ displayName: 'x'.repeat(BRANDING_LIMITS.displayName + 1) }, 'displayName'],
      [{ contactName: 'x'.repeat(BRANDING_LIMITS.contactName + 1) }, 'contactName'],
      [{ phone: 'call me maybe' }, 'phone'],
      [{ phone: '1'.repeat(BRANDING_LIMITS.phone + 1) }, 'phone'],
      [{ email: 'not-an-address' }, 'email'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: `https://${'a'.repeat(BRANDING_LIMITS.website)}.de` }, 'website'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PUT', url, owner.cookie, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([
        400,
        'validation_failed',
      ]);
      expect(res.json().message.startsWith(field)).toBe(true);
    }
    // Exactly at the limits is fine.
    expect(
      (
        await call('PUT', url, owner.cookie, {
          displayName: 'x'.repeat(BRANDING_LIMITS.displayName),
          phone: '1'.repeat(BRANDING_LIMITS.phone),
        })
      ).statusCode,
    ).toBe(200);
  });
});

/** The bounding box of the brand-red pixels in the picture's bottom-left quarter (where the label sits), or null. */
async function redBoxInLabelCorner(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let box: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let y = Math.floor(info.height / 2); y < info.height; y++) {
    for (let x = 0; x < info.width / 2; x++) {
      const i = (y * info.width + x) * 3;
      if (!isBrandRed(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      box = box
        ? {
            left: Math.min(box.left, x),
            right: Math.max(box.right, x),
            top: Math.min(box.top, y),
            bottom: Math.max(box.bottom, y),
          }
        : { left: x, right: x, top: y, bottom: y };
    }
  }
  return box && { ...box, width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
}

describe('where branding shows', SLOW, () => {
  it('share page (signed out), logo, labelled download and zip with readme; gone when the plan no longer includes it', async () => {
    const { owner, member, workspaceId } = await businessTeam();
    await call('PUT', `/api/workspaces/${workspaceId}/branding`, owner.cookie, BRANDING);
    expect((await putLogo(workspaceId, owner.cookie, redLogoSvg, 'image/svg+xml')).statusCode).toBe(
      200,
    );
    // A member's project in the workspace: shared with a public title.
    const projectId = await createProject(
      t.app,
      `${member.cookie}; rw_workspace=${workspaceId}`,
      'Intern: Lindenstr. 4, Verkäufer Meier',
    );
    const staged = await processImage(t.app, member.cookie, {
      imageURL: await upload(t.app, member.cookie, await photo(800, 600)),
      projectId,
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const shared = await call('POST', `/api/projects/${projectId}/share`, member.cookie, {
      publicTitle: 'Lichtdurchflutete Altbauwohnung',
    });
    const token = shared.json().url.split('/s/')[1];

    const page = (await call('GET', `/api/share/${token}`)).json();
    expect(page.title).toBe('Lichtdurchflutete Altbauwohnung');
    expect(JSON.stringify(page)).not.toContain('Verkäufer Meier');
    expect(page.branding).toMatchObject({
      displayName: 'Muster Immobilien',
      contactName: 'Anna Muster',
      phone: '+49 30 1234567',
      email: 'anna@muster-immobilien.de',
      website: 'https://muster-immobilien.de',
      accentColor: '#1f6feb',
      logoWidth: 800,
      logoHeight: 200,
    });
    const publicLogo = await call('GET', page.branding.logoUrl);
    expect([
      publicLogo.statusCode,
      publicLogo.headers['content-type'],
      publicLogo.headers['x-robots-tag'],
    ]).toEqual([200, 'image/png', 'noindex, nofollow, noarchive']);

    // The labelled download carries the logo in the label: brand-red pixels, bottom left, in the logo's 4:1 shape.
    const [stagedRow] = await t.database.db
      .select()
      .from(projectImages)
      .where(eq(projectImages.projectId, projectId))
      .then((rows) => rows.filter((r) => !r.isOriginal));
    const path = encodeURIComponent(stagedRow!.filePath);
    const plain = await call('GET', `/api/objects/download?path=${path}`, member.cookie);
    const labelled = await call(
      'GET',
      `/api/objects/download?path=${path}&label=de`,
      member.cookie,
    );
    expect(labelled.statusCode).toBe(200);
    expect(await redBoxInLabelCorner(plain.rawPayload)).toBeNull();
    const box = (await redBoxInLabelCorner(labelled.rawPayload))!;
    expect(box.width / box.height).toBeGreaterThan(3.6);
    expect(box.width / box.height).toBeLessThan(4.4);
    // Inside the label pill: its left edge is the label's margin plus the tile's inset and padding, well inside the quarter.
    expect(box.left).toBeLessThan(800 / 8);
    expect(box.bottom).toBeGreaterThan(600 - 600 / 8);

    const zipResponse = await call(
      'GET',
      `/api/projects/${projectId}/download.zip?label=en`,
      member.cookie,
    );
    expect(zipResponse.headers['content-disposition']).toBe(
      'attachment; filename="intern-lindenstr-4-verkaeufer-meier.zip"',
    );
    const zip = await zipEntries(zipResponse.rawPayload);
    expect(zip.map((e) => e.name)).toEqual([
      '01-intern-lindenstr-4-verkaeufer-meier-staged-labelled.jpg',
      'README.txt',
    ]);
    expect((await redBoxInLabelCorner(zip[0]!.data))!.width).toBe(box.width);
    const readme = zip[1]!.data.toString('utf8');
    expect(readme.split('\r\n').slice(0, 3)).toEqual([
      'Muster Immobilien',
      'Anna Muster · +49 30 1234567 · anna@muster-immobilien.de · muster-immobilien.de',
      '',
    ]);
    expect(readme).toContain(
      `${LISTING_DISCLOSURE.preview.en} Questions: Muster Immobilien · Anna Muster · +49 30 1234567 · anna@muster-immobilien.de · muster-immobilien.de`,
    );
    expect(readme).toContain('Lichtdurchflutete Altbauwohnung');
    expect(readme).not.toContain('Raumwerk');
    // The disclosure sentence on the project page, ready to copy, ends with the agency's contact.
    expect(
      (await call('GET', `/api/projects/${projectId}/share`, member.cookie)).json().disclosure,
    ).toEqual({
      de: `${LISTING_DISCLOSURE.preview.de} Rückfragen: Muster Immobilien · Anna Muster · +49 30 1234567 · anna@muster-immobilien.de · muster-immobilien.de`,
      en: `${LISTING_DISCLOSURE.preview.en} Questions: Muster Immobilien · Anna Muster · +49 30 1234567 · anna@muster-immobilien.de · muster-immobilien.de`,
    });

    // The plan ends: the page is Raumwerk's again, the logo gone from it and from labels; the settings are kept.
    await t.database.db
      .update(users)
      .set({ subscriptionPlan: 'pro' })
      .where(eq(users.id, owner.user.id));
    expect((await call('GET', `/api/share/${token}`)).json().branding).toBeNull();
    expect((await call('GET', page.branding.logoUrl)).statusCode).toBe(404);
    expect(
      await redBoxInLabelCorner(
        (await call('GET', `/api/objects/download?path=${path}&label=de`, member.cookie))
          .rawPayload,
      ),
    ).toBeNull();
    expect(
      (await call('GET', `/api/workspaces/${workspaceId}/branding`, owner.cookie)).json(),
    ).toMatchObject({ available: false, branding: { displayName: 'Muster Immobilien' } });
  });
});
