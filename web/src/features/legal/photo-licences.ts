/**
 * The licences of the landing page's example photos (decision 039): each is MIT, whose notice must
 * travel with the copies, so the legal notice shows it verbatim (in English, in both languages).
 * The same notices lie beside the files in web/public/examples/LICENSE-photos.txt.
 */
export interface PhotoLicence {
  /** Which examples it covers, and where their authors published them. */
  files: string;
  source: string;
  copyright: string;
}

export const PHOTO_LICENCES: PhotoLicence[] = [
  {
    files: 'furnish-*, declutter-*',
    source: 'https://github.com/maateusx/ai-virtual-staging',
    copyright: 'Copyright (c) 2026 Mateus',
  },
  {
    files: 'realvibe-living-*',
    source: 'https://github.com/pachy0186-ai/realvibeai-realty',
    copyright: 'Copyright (c) 2025 pachy0186-ai',
  },
];

export const MIT_PERMISSION = [
  'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:',
  'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
  'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.',
];
