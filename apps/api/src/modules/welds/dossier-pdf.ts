import { PassThrough, type Readable } from 'node:stream';
import { weldMessages as m, WELD_PROCESSES, type WeldProcess } from '@portal/contract/welds';
import { dossierMessages as d } from '@portal/contract/welds-dossier';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Log } from '../../lib/log';
import type { ObjectStore } from '../../lib/storage';
import { plainDate } from '../exports/service';
import { type Dossier, type DossierCircular, lotLabel, operatorLabel } from './dossier';

// The weld dossier as a PDF (docs/decisions/075-weld-dossier.md), streamed with pdfkit. 'Página N de M'
// needs M before the first page goes out, and pdfkit's bufferPages would hold every page until the end:
// the same layout runs twice over the model read once, first into a sink that drops the bytes, draws
// no photo and compresses nothing (it only counts pages), then to the response with the photos. Every
// photo sits in a box of fixed size, so the two layouts break pages at the same places.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER_GAP = 30;
const CONTENT = A4.width - 2 * MARGIN;
const PHOTO = { width: 150, height: 112 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Photos read and converted ahead of the layout. */
const PHOTOS_AHEAD = 3;
/** Bytes the document may hold beyond what the client has taken before the layout waits. */
const HIGH_WATER = 256 * 1024;

// The standard fonts speak WinAnsi (Windows-1252): Spanish is all in it (ñ, á, º, ¡, ¿, €); anything else
// in a name loses its accent, or becomes '?'.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const EXTRA_LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ø: 'ø', ß: 'ß' };
const representable = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n';
};
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    if (representable(ch)) out += ch;
    else {
      const plain = (EXTRA_LETTERS[ch] ?? ch).normalize('NFD').replace(/\p{M}/gu, '');
      out += [...plain].every(representable) ? plain : '?';
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

interface Pass {
  doc: Doc;
  /** The page being laid out (1-based). */
  page: number;
  /** Total pages, known on the second pass (null on the counting one). */
  total: number | null;
  /** The photo to draw (JPEG or PNG bytes), or null when it cannot be had; absent on the counting pass. */
  photo?: (key: string) => Promise<Buffer | null>;
  /** Waits while the client is behind (the second pass). */
  drained?: () => Promise<void>;
}

/** Pages of a dossier, by laying it out once without photos into a sink. */
export async function countPages(dossier: Dossier): Promise<number> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, compress: false });
  doc.on('data', () => {});
  let pages = 0;
  doc.on('pageAdded', () => pages++);
  await layout({ doc, page: 0, total: null }, dossier);
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await ended;
  return pages;
}

/**
 * The dossier's PDF as a stream: the caller sends it as the response. Photos are read one at a time
 * through the object store and shrunk to JPEG; a photo the store cannot give is a line of text in its
 * box. The layout waits whenever the client is HIGH_WATER behind, so memory stays flat however long.
 */
export async function dossierPdf(dossier: Dossier, store: ObjectStore, log: Log): Promise<Readable> {
  const total = await countPages(dossier);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: winAnsi(`${d.title} ${title(dossier)}`), Author: winAnsi(dossier.plant), Creator: 'Portal de Fábrica' },
  });
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  doc.pipe(out);
  let gone = false;
  out.on('close', () => {
    gone = true;
  });
  const drained = async () => {
    while (!gone && doc.readableLength + out.writableLength > HIGH_WATER)
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.once('drain', done);
        out.once('close', done);
        // pdfkit pushes without waiting; the pipe pauses it, and its buffer empties as `out` drains.
        setTimeout(done, 50);
      });
  };
  const read = async (key: string): Promise<Buffer | null> => {
    try {
      const object = await store.get(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return await sharp(Buffer.concat(chunks)).jpeg({ quality: 75 }).toBuffer();
    } catch (error) {
      log.warn({ err: error, key }, 'weld dossier: a photo could not be read');
      return null;
    }
  };
  // The next PHOTOS_AHEAD photos are read and converted while the current circular is laid out (sharp
  // works off the main thread): a few tens of kB each, in the layout's order.
  const keys = dossier.circulares.flatMap((c) => (c.photo ? [c.photo] : []));
  const pending = new Map<number, Promise<Buffer | null>>();
  let position = 0;
  const photo = (key: string): Promise<Buffer | null> => {
    while (position < keys.length && keys[position] !== key) pending.delete(position++);
    for (let i = position; i < Math.min(keys.length, position + PHOTOS_AHEAD + 1); i++) if (!pending.has(i)) pending.set(i, read(keys[i]));
    const next = pending.get(position) ?? read(key);
    pending.delete(position++);
    return next;
  };
  void (async () => {
    try {
      await layout({ doc, page: 0, total, photo, drained }, dossier, () => gone);
      doc.end();
    } catch (error) {
      log.error({ err: error }, 'weld dossier PDF failed mid-stream');
      out.destroy(error as Error);
    }
  })();
  return out;
}

const title = (dossier: Dossier) =>
  `${d.project} ${dossier.id_proyecto} · ${dossier.id_tramo === null ? d.allTramos : `${d.tramo} ${dossier.id_tramo}`}`;

/** The page's footer: the plant, the dossier and 'Página N de M' (drawn at the start of each page). */
function footer(pass: Pass, dossier: Dossier) {
  const { doc } = pass;
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = A4.height - MARGIN + 12;
  doc.font(FONT).fontSize(8).fillColor('#444444');
  doc.text(winAnsi(`${dossier.plant} · ${d.title} · ${title(dossier)}`), MARGIN, y, { width: CONTENT - 90, lineBreak: false });
  doc.text(d.page(pass.page, pass.total ?? 0), A4.width - MARGIN - 90, y, { width: 90, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
  doc.fillColor('black');
  doc.x = MARGIN;
  doc.y = MARGIN;
}

async function layout(pass: Pass, dossier: Dossier, stopped: () => boolean = () => false) {
  const { doc } = pass;
  doc.on('pageAdded', () => {
    pass.page++;
    footer(pass, dossier);
  });
  newPage(doc);
  summaryPage(doc, dossier);
  // The circulares start on a page of their own.
  newPage(doc);
  for (const c of dossier.circulares) {
    if (stopped()) return;
    await circular(pass, c);
    await pass.drained?.();
  }
}

const text = (doc: Doc, value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(value), options);
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const newPage = (doc: Doc) =>
  doc.addPage({ size: 'A4', margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP } });

function summaryPage(doc: Doc, dossier: Dossier) {
  const s = dossier.summary;
  doc.font(BOLD).fontSize(18);
  text(doc, dossier.plant);
  doc.moveDown(0.3).fontSize(15);
  text(doc, d.title);
  doc.font(FONT).fontSize(11).moveDown(0.3);
  text(doc, title(dossier));
  text(doc, `${d.generatedOn} ${plainDate(dossier.generated_on)}`);
  doc.moveDown(1).font(BOLD).fontSize(13);
  text(doc, d.summary);
  doc.moveDown(0.3).font(FONT).fontSize(10);
  const lines: [string, string | number][] = [
    [d.circulares, s.circulares],
    [d.withRecord, s.withRecord],
    [d.withoutRecord, s.circulares - s.withRecord],
    [d.accepted, s.accepted],
    [d.toRepair, s.toRepair],
    [d.pending, s.pending],
    [d.flagged, s.flagged],
    [d.inspections, s.inspections],
    [d.defects, s.defects],
    [d.repairs, s.repairs],
    [d.inspectedLength, `${s.inspectedLengthMm} mm`],
    [d.repairedLength, `${s.repairedLengthMm} mm`],
  ];
  for (const [label, value] of lines) {
    const y = doc.y;
    text(doc, label, { width: 300 });
    doc.text(String(value), MARGIN + 310, y, { width: 100, align: 'right' });
    doc.x = MARGIN;
  }
  for (const [heading, list] of [
    [d.procedures, s.procedures],
    [d.operators, s.operators],
    [d.lots, s.lots],
  ] as const) {
    doc.moveDown(0.8).font(BOLD).fontSize(11);
    text(doc, heading);
    doc.font(FONT).fontSize(10);
    if (!list.length) text(doc, d.none);
    for (const item of list) text(doc, `• ${item}`, { indent: 6 });
  }
}

async function circular(pass: Pass, c: DossierCircular) {
  const { doc } = pass;
  // A circular starts on a new page unless its heading, facts and photo fit where it is.
  if (doc.y + PHOTO.height + 40 > bottomLimit(doc)) newPage(doc);
  else if (doc.y > MARGIN + 1) doc.moveDown(1);
  doc.x = MARGIN;
  doc.font(BOLD).fontSize(12);
  text(doc, `${d.circular} ${c.id_circular} · ${d.tramo} ${c.id_tramo}`);
  doc
    .moveTo(MARGIN, doc.y + 1)
    .lineTo(MARGIN + CONTENT, doc.y + 1)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.4);
  const top = doc.y;
  const topPage = pass.page;
  // The photo's box, beside the facts: the same size on both passes, whatever the picture.
  await drawPhoto(pass, c, MARGIN + CONTENT - PHOTO.width, top);
  const narrow = { width: CONTENT - PHOTO.width - 12 };
  doc.font(FONT).fontSize(9.5);
  text(doc, `${d.date}: ${plainDate(c.circular_fecha)} · ${d.arco}: ${c.arco} · ${d.nave}: ${c.nave}`, narrow);
  const seam = c.seam;
  if (!seam) text(doc, d.noRecord, narrow);
  else {
    text(doc, `${d.state}: ${m.seamStateName[seam.state]}`, narrow);
    const processName = WELD_PROCESSES[seam.process as WeldProcess] ?? '';
    text(
      doc,
      `${d.procedure}: ${seam.procedure} ${d.revision} ${seam.revision} (${d.process} ${seam.process}${processName ? ` ${processName}` : ''}, ${d.validFrom} ${plainDate(seam.valid_from)})`,
      narrow,
    );
    doc.font(BOLD);
    text(doc, `${d.operators}:`, narrow);
    doc.font(FONT);
    for (const o of seam.operators)
      text(doc, `• ${operatorLabel(o)}: ${o.qualified ? d.qualifiedThatDay : d.notQualifiedThatDay}`, { ...narrow, indent: 6 });
    doc.font(BOLD);
    text(doc, `${d.lots}:`, narrow);
    doc.font(FONT);
    if (!seam.lots.length) text(doc, `• ${d.none}`, { ...narrow, indent: 6 });
    for (const l of seam.lots) text(doc, `• ${lotLabel(l)}`, { ...narrow, indent: 6 });
  }
  doc.x = MARGIN;
  if (pass.page === topPage) doc.y = Math.max(doc.y, top + PHOTO.height + 6);
  if (!seam) return;
  doc.moveDown(0.3).font(BOLD).fontSize(10);
  text(doc, d.inspections);
  doc.font(FONT).fontSize(9.5);
  if (!seam.inspections.length) text(doc, d.noInspections);
  for (const i of seam.inspections) {
    const what = i.reinspects
      ? `${d.reinspection} (${i.reinspects.code} ${i.reinspects.name} ${d.at} ${i.reinspects.position_mm} mm)`
      : d.inspection;
    text(
      doc,
      `${what}: ${i.method} ${m.methodName[i.method]}, ${i.extent_percent} % ${d.of} ${i.inspected_length_mm} mm, ${d.on} ${plainDate(i.inspected_on)} ${d.by} ${i.inspector}: ${m.resultName[i.result]}`,
      { width: CONTENT },
    );
    for (const x of i.defects) {
      text(doc, `${d.defect} ${x.code} ${x.name} ${d.at} ${x.position_mm} mm, ${x.length_mm} mm, ${d.level} ${x.level}`, {
        width: CONTENT,
        indent: 14,
      });
      const r = x.repair;
      text(
        doc,
        r
          ? `${d.repair}: ${r.procedure} ${d.by} ${r.operator}${r.certificate ? ` (${r.certificate})` : ''} ${d.on} ${plainDate(r.repaired_on)}, ${r.qualified ? d.qualifiedThatDay : d.notQualifiedThatDay}`
          : `${d.repair}: ${d.noRepair}`,
        { width: CONTENT, indent: 28 },
      );
    }
  }
}

async function drawPhoto(pass: Pass, c: DossierCircular, x: number, y: number) {
  const { doc } = pass;
  const keepX = doc.x;
  const keepY = doc.y;
  doc.rect(x, y, PHOTO.width, PHOTO.height).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
  const image = c.photo && pass.photo ? await pass.photo(c.photo) : null;
  if (image) doc.image(image, x + 1, y + 1, { fit: [PHOTO.width - 2, PHOTO.height - 2], align: 'center', valign: 'center' });
  else if (pass.photo || !c.photo) {
    doc.font(FONT).fontSize(8).fillColor('#666666');
    doc.text(c.photo ? d.photoMissing : d.noPhoto, x, y + PHOTO.height / 2 - 4, { width: PHOTO.width, align: 'center', lineBreak: false });
    doc.fillColor('black').fontSize(9.5);
  }
  doc.x = keepX;
  doc.y = keepY;
}
