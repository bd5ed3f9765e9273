import sharp from 'sharp';

/**
 * Disclosure in the file itself (decision 026): every delivered staged image carries the IPTC
 * Digital Source Type "composite with trained algorithmic media" (a real photo with AI-made parts)
 * and a dc:description saying it was virtually staged, as XMP (reference §4). Written where a staged
 * image is encoded: result finishing, its thumbnail, labelled downloads.
 */
export const DIGITAL_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

export const PROVENANCE_DESCRIPTION = {
  furnish: 'Virtually staged: furniture and decor added with AI (Raumwerk). The room itself is the original photograph.',
  remove: 'Virtually staged: furniture removed with AI (Raumwerk). The room itself is the original photograph.',
  /** Decision 062: the words of the visible label (contract/renovation.ts RENOVATION_LABEL) lead. */
  renovate: 'Renovation preview – not the current condition: chosen surfaces re-done (Raumwerk). Everything else is the original photograph.',
} as const;

export type ProvenanceKind = keyof typeof PROVENANCE_DESCRIPTION;

export function provenanceXmp(kind: ProvenanceKind = 'furnish'): string {
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n' +
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    '  <rdf:Description rdf:about=""\n' +
    '    xmlns:dc="http://purl.org/dc/elements/1.1/"\n' +
    '    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">\n' +
    `   <Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPE}</Iptc4xmpExt:DigitalSourceType>\n` +
    `   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(PROVENANCE_DESCRIPTION[kind])}</rdf:li></rdf:Alt></dc:description>\n` +
    '  </rdf:Description>\n' +
    ' </rdf:RDF>\n' +
    '</x:xmpmeta>\n' +
    '<?xpacket end="w"?>'
  );
}

/** The packet to write when re-encoding a staged image: its own when it has one, else the furnish packet (results stored before decision 026). */
export async function provenanceOf(image: Buffer): Promise<string> {
  const own = (await sharp(image).metadata()).xmpAsString;
  return own?.includes(DIGITAL_SOURCE_TYPE) ? own : provenanceXmp('furnish');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
