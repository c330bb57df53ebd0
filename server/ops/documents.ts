import { and, desc, eq } from "drizzle-orm";
import { type DocumentKind, documentKinds, type GloveboxDocument } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appUserFiles } from "../db/schema.ts";
import { dealerDocuments } from "../db/schema-dealer.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import type { Storage } from "../services/storage.ts";
import { deleteAppUserFile, readAppUserFile, storeAppUserFile } from "./app-user-files.ts";
import { appForCaller, UUID } from "./apps.ts";
import { normalVin } from "./dealer-data.ts";

/** The largest glovebox document (a phone photo or a scanned PDF). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The types a document may be, told by its first bytes (never by the name or the declared type). */
export function documentType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  if (bytes.subarray(4, 12).toString("latin1").startsWith("ftyphei")) return "image/heic";
  return undefined;
}

export interface DocumentMeta {
  kind?: string;
  title?: string;
  vin?: string;
  fileName?: string;
}

const view = (
  d: typeof dealerDocuments.$inferSelect,
  f: { name: string; contentType: string; bytes: number },
): GloveboxDocument => ({
  id: d.id,
  endUserId: d.endUserId,
  fileId: d.fileId,
  kind: d.kind,
  title: d.title,
  ...(d.vin ? { vin: d.vin } : {}),
  name: f.name,
  contentType: f.contentType,
  bytes: f.bytes,
  createdAt: d.createdAt.toISOString(),
});

/** Stores a document for an end user of this app: the file as an app-user file, the glovebox row beside it. */
export async function addDocument(
  db: Db,
  storage: Storage,
  appId: string,
  endUserId: string,
  meta: DocumentMeta,
  bytes: Buffer,
): Promise<GloveboxDocument> {
  const contentType = documentType(bytes);
  if (!contentType) throw new ApiError("UnsupportedMedia", "Send a PDF, JPEG, PNG, WebP or HEIC file");
  const kind = (documentKinds as readonly string[]).includes(meta.kind ?? "")
    ? (meta.kind as DocumentKind)
    : "other";
  const title = (meta.title?.trim() || meta.fileName?.trim() || kind).slice(0, 200);
  const file = await storeAppUserFile(
    db,
    storage,
    appId,
    meta.fileName || `${kind}.${contentType.split("/")[1]}`,
    contentType,
    bytes,
  );
  const [row] = await db
    .insert(dealerDocuments)
    .values({
      appId,
      endUserId,
      fileId: file.id,
      kind,
      title,
      vin: normalVin(meta.vin)?.slice(0, 17) ?? null,
    })
    .returning();
  return view(row, { name: file.name, contentType, bytes: file.bytes });
}

async function documentsOf(db: Db, appId: string, endUserId?: string): Promise<GloveboxDocument[]> {
  const rows = await db
    .select({ d: dealerDocuments, f: appUserFiles })
    .from(dealerDocuments)
    .innerJoin(appUserFiles, eq(appUserFiles.id, dealerDocuments.fileId))
    .where(
      and(eq(dealerDocuments.appId, appId), endUserId ? eq(dealerDocuments.endUserId, endUserId) : undefined),
    )
    .orderBy(desc(dealerDocuments.createdAt))
    .limit(500);
  return rows.map((r) => view(r.d, r.f));
}

/** An end user of this app, else 404 AppUserNotFound. */
async function endUserOf(db: Db, appId: string, id: string) {
  if (!UUID.test(id)) throw new ApiError("AppUserNotFound");
  const [row] = await db
    .select({ id: endUsers.id })
    .from(endUsers)
    .where(and(eq(endUsers.appId, appId), eq(endUsers.id, id.toLowerCase())));
  if (!row) throw new ApiError("AppUserNotFound");
  return row.id;
}

/** GET /apps/{appId}/app-users/{userId}/documents: one customer's glovebox, for the console. */
export async function listUserDocuments(db: Db, caller: Caller, appId: string, userId: string) {
  await appForCaller(db, caller, appId, "dealerData.read");
  return documentsOf(db, appId, await endUserOf(db, appId, userId));
}

/** POST /apps/{appId}/app-users/{userId}/documents: staff add a document to a customer's glovebox. */
export async function uploadUserDocument(
  db: Db,
  storage: Storage,
  caller: Caller,
  appId: string,
  userId: string,
  meta: DocumentMeta,
  bytes: Buffer,
) {
  await appForCaller(db, caller, appId, "dealerData.write");
  return addDocument(db, storage, appId, await endUserOf(db, appId, userId), meta, bytes);
}

async function documentRow(db: Db, appId: string, id: string, endUserId?: string) {
  if (!UUID.test(id)) throw new ApiError("DocumentNotFound");
  const [row] = await db
    .select()
    .from(dealerDocuments)
    .where(
      and(
        eq(dealerDocuments.appId, appId),
        eq(dealerDocuments.id, id.toLowerCase()),
        endUserId ? eq(dealerDocuments.endUserId, endUserId) : undefined,
      ),
    );
  if (!row) throw new ApiError("DocumentNotFound");
  return row;
}

/** DELETE /apps/{appId}/documents/{id}: the document and its file. */
export async function deleteDocument(db: Db, storage: Storage, caller: Caller, appId: string, id: string) {
  await appForCaller(db, caller, appId, "dealerData.write");
  const row = await documentRow(db, appId, id);
  await deleteAppUserFile(db, storage, row.fileId);
}

/** The widget's glovebox: the signed-in end user's own documents. */
export const myDocuments = (db: Db, appId: string, endUserId: string) => documentsOf(db, appId, endUserId);

/** The bytes of one of the end user's own documents. */
export async function myDocumentFile(db: Db, storage: Storage, appId: string, endUserId: string, id: string) {
  const row = await documentRow(db, appId, id, endUserId);
  return readAppUserFile(db, storage, row.fileId);
}
