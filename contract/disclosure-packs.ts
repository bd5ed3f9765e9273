import { z } from 'zod';

/**
 * Disclosure packs (issue 41 item 4, docs/disclosure-packs.md): where a project's photos will be
 * published decides what the download does — whether each staged photo sits next to its original, what
 * the zip's readme says the rules are, and what a renovation preview may be used for. Sources of each
 * rule: docs/disclosure-packs.md.
 */
export const PUBLISH_MARKETS = ['california', 'eu', 'other'] as const;
export const publishMarket = z.enum(PUBLISH_MARKETS);
export type PublishMarket = z.infer<typeof publishMarket>;

export const publishMarketRequest = z.object({ market: publishMarket });
export const publishMarketResponse = z.object({ market: publishMarket });

type Texts = { de: string[]; en: string[] };

export interface DisclosurePack {
  /** Every staged photo's unaltered original goes into the zip right after it (AB 723, CRMLS 11.5.2). */
  originalsBeside: boolean;
  /** The rules the zip follows, for its readme. */
  rules: Texts;
  /** What a renovation preview may be used for in this market. */
  renovation: Texts;
}

export const DISCLOSURE_PACKS: Record<PublishMarket, DisclosurePack> = {
  california: {
    originalsBeside: true,
    rules: {
      en: [
        'California, AB 723 (Bus. & Prof. Code § 10140.8, in force since 1 January 2026): a digitally altered listing photo needs a reasonably conspicuous statement on or next to it, and access to the unaltered original.',
        'This zip puts each staged photo directly next to its original (NN-...-staged.jpg, NN-...-original.jpg): publish both in the same posting. In print or on third-party sites, add the before/after link or its QR code.',
        'CRMLS Rule 11.5.2: write "Virtually staged" in the photo description field and place the original immediately before or after the staged photo; a watermark (the labelled download) is recommended.',
      ],
      de: [
        'Kalifornien, AB 723 (Bus. & Prof. Code § 10140.8, in Kraft seit 1. Januar 2026): Ein digital verändertes Inseratsfoto braucht einen gut sichtbaren Hinweis am oder neben dem Bild und Zugang zum unveränderten Original.',
        'Diese Zip-Datei legt jedes eingerichtete Foto direkt neben sein Original (NN-...-staged.jpg, NN-...-original.jpg): Veröffentlichen Sie beide im selben Inserat. In Print oder auf fremden Portalen den Vorher-nachher-Link oder seinen QR-Code angeben.',
        'CRMLS-Regel 11.5.2: „Virtually staged“ in das Beschreibungsfeld des Fotos schreiben und das Original direkt vor oder nach dem eingerichteten Foto zeigen; ein Wasserzeichen (der Download mit Hinweis) wird empfohlen.',
      ],
    },
    renovation: {
      en: ['Renovation previews change wall colours, floors or fixtures: CRMLS does not allow such photos in a listing even with a disclosure. Use them for conversations with buyers, not as listing photos.'],
      de: ['Renovierungsvorschauen ändern Wandfarben, Böden oder Einbauten: CRMLS erlaubt solche Fotos im Inserat auch mit Hinweis nicht. Nutzen Sie sie im Gespräch mit Käufern, nicht als Inseratsfotos.'],
    },
  },
  eu: {
    originalsBeside: false,
    rules: {
      en: [
        'EU AI Act (Regulation (EU) 2024/1689), Art. 50: images generated or manipulated with AI are marked in a machine-readable way — each staged file carries signed C2PA Content Credentials and the IPTC digital source type.',
        'Art. 50(4): whoever publishes a realistic manipulated image of a real place discloses that it was generated or manipulated: publish the disclosure below with the photos (or use the labelled download).',
        'Portals that re-encode images remove the credentials: the before/after page keeps the credentialed files and the originals reachable.',
      ],
      de: [
        'EU-KI-Verordnung (Verordnung (EU) 2024/1689), Art. 50: Mit KI erzeugte oder veränderte Bilder werden maschinenlesbar gekennzeichnet — jede eingerichtete Datei trägt signierte C2PA-Inhaltsnachweise (Content Credentials) und den IPTC-Quelltyp.',
        'Art. 50 Abs. 4: Wer ein realistisch verändertes Bild eines echten Ortes veröffentlicht, legt offen, dass es erzeugt oder verändert wurde: Veröffentlichen Sie den Hinweis unten mit den Fotos (oder nutzen Sie den Download mit Hinweis).',
        'Portale, die Bilder neu kodieren, entfernen die Nachweise: Die Vorher-nachher-Seite hält die Dateien mit Nachweisen und die Originale erreichbar.',
      ],
    },
    renovation: {
      en: ['Renovation previews show a possible future state, not the property as it is: say so wherever they appear.'],
      de: ['Renovierungsvorschauen zeigen einen möglichen künftigen Zustand, nicht die Immobilie, wie sie ist: Sagen Sie das überall, wo sie erscheinen.'],
    },
  },
  other: {
    originalsBeside: false,
    rules: {
      en: ['Rules differ between portals and MLSs: some want the label on the photo, others forbid any text on images and want it in the description, some want the original beside it. Check your portal’s rules.'],
      de: ['Die Regeln unterscheiden sich je Portal: Manche verlangen den Hinweis im Bild, andere verbieten Text im Bild und wollen ihn in der Beschreibung, manche wollen das Original daneben. Prüfen Sie die Regeln Ihres Portals.'],
    },
    renovation: {
      en: ['Renovation previews show a possible future state, not the property as it is.'],
      de: ['Renovierungsvorschauen zeigen einen möglichen künftigen Zustand, nicht die Immobilie, wie sie ist.'],
    },
  },
};
