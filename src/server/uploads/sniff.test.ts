import { describe, expect, it } from 'vitest';
import { extensionMatches, sniff } from './sniff';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(20)]);
// EBML magic, then a header whose DocType element holds the text.
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
    Buffer.from(docType, 'latin1'),
    Buffer.alloc(16),
  ]);

describe('sniffing video files', () => {
  it('knows MP4 by its ftyp box and WebM by its EBML DocType', () => {
    expect(sniff(ftyp('isom'), 'mp4')).toBe('mp4');
    expect(sniff(ftyp('mp42'), 'mp4')).toBe('mp4');
    expect(sniff(ebml('webm'), 'webm')).toBe('webm');
  });

  it('refuses look-alikes: QuickTime and HEIC brands, Matroska that is not WebM, a name alone', () => {
    expect(sniff(ftyp('qt  '), 'mp4')).toBeNull();
    expect(sniff(ftyp('heic'), 'mp4')).toBeNull();
    expect(sniff(ebml('matroska'), 'webm')).toBeNull();
    expect(sniff(Buffer.from('not a video at all, just text'), 'mp4')).toBeNull();
  });

  it('wants the extension to agree', () => {
    expect(extensionMatches('mp4', 'MP4')).toBe(true);
    expect(extensionMatches('webm', 'mp4')).toBe(false);
  });
});
