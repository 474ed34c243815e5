// POS authentication, as the spec's Authentication table says: exactly two Sources, one
// RequestorID Type 22 (ID, ID_Context, optional Instance) and one Type 88 (ID, MessagePassword).
import type { Credentials } from './credentials';
import { err } from './errors';
import { kid, kids, type XNode } from './xml';

export interface AuthOptions {
  /** Fault accepts-wrong-password: the password is not compared. */
  skipPassword?: boolean;
  /** Fault ignores-id-context: ID_Context is not compared. */
  skipContext?: boolean;
  /** Fault accepts-missing-pos: a request without POS is let through. */
  allowMissingPos?: boolean;
  /** Fault ignores-requestor-id: the Type 22 ID is not compared. */
  skipRequestorId?: boolean;
  /** Fault ignores-user-id: the Type 88 ID is not compared. */
  skipUserId?: boolean;
  /** Fault accepts-one-source: a POS with one Source is checked for what it holds, and let through. */
  allowOneSource?: boolean;
  /** Fault instance-refused: a Type 22 RequestorID with Instance is refused. */
  refuseInstance?: boolean;
}

export function authenticate(root: XNode, creds: Credentials, opts: AuthOptions = {}): void {
  const pos = kid(root, 'POS');
  if (!pos) {
    if (opts.allowMissingPos) return;
    throw err.auth('POS is missing');
  }
  const sources = kids(pos, 'Source');
  if (opts.allowOneSource && sources.length === 1) return checkOne(kid(sources[0], 'RequestorID'), creds);
  if (sources.length !== 2) throw err.auth(`POS must hold exactly two Source elements, found ${sources.length}`);
  const requestorIds = sources.map((s) => kid(s, 'RequestorID'));
  if (requestorIds.some((r) => !r)) throw err.auth('Each Source must hold a RequestorID');
  const type22 = requestorIds.filter((r) => r!.attrs.Type === '22');
  const type88 = requestorIds.filter((r) => r!.attrs.Type === '88');
  if (type22.length !== 1 || type88.length !== 1) throw err.auth('POS must hold one RequestorID Type 22 and one RequestorID Type 88');
  // Type 22: the requestor (the company); Type 88: the user, with the password.
  const requestor = type22[0]!.attrs;
  const user = type88[0]!.attrs;
  // One message for every credential mismatch: never tell which part was wrong.
  const denied = () => err.denied('Invalid credentials');
  if (opts.refuseInstance && requestor.Instance !== undefined) throw err.invalid('RequestorID/@Instance is not an allowed attribute');
  if (!opts.skipRequestorId && requestor.ID !== creds.requestorId) throw denied();
  if (!opts.skipContext && requestor.ID_Context !== creds.requestorContext) throw denied();
  if (creds.requestorInstance !== undefined && requestor.Instance !== undefined && requestor.Instance !== creds.requestorInstance)
    throw denied();
  if (!opts.skipUserId && user.ID !== creds.user) throw denied();
  if (!opts.skipPassword && user.MessagePassword !== creds.password) throw denied();
}

/** Fault accepts-one-source: the one RequestorID present is checked; the missing one is never asked for. */
function checkOne(requestorId: XNode | undefined, creds: Credentials): void {
  const attrs = requestorId?.attrs;
  const ok =
    attrs?.Type === '22'
      ? attrs.ID === creds.requestorId && attrs.ID_Context === creds.requestorContext
      : attrs?.Type === '88' && attrs.ID === creds.user && attrs.MessagePassword === creds.password;
  if (!ok) throw err.denied('Invalid credentials');
}
