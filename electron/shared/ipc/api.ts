// The typed surface of `window.garage`, derived from the operation table (./operations) and its
// argument schemas (./schemas): one method per operation, grouped by the name's namespace, each
// answering a result envelope. Nothing here is written by hand per operation.
import type { GarageEvent } from '../events';
import type { Grouped } from '../keyed-tables';
import type { Result } from '../result';
import type { MetaOf, OperationName, ValueOf } from './operations';
import type { ArgsOf } from './schemas';

export type { WriteMeta } from './operations';

/** The envelope an operation answers. */
export type ResultOf<Op extends OperationName> = Result<ValueOf<Op>, MetaOf<Op>>;

/** The method of `window.garage` for one operation. */
export type GarageMethod<Op extends OperationName> = (...args: ArgsOf<Op>) => Promise<ResultOf<Op>>;

export type OperationNamespace = keyof Grouped<GarageMethods>;

export type GarageEventListener = (event: GarageEvent) => void;

/** The one subscription to what main pushes (see ../events). */
export interface GarageEvents {
  /**
   * Calls `listener` with every event main sends this window from now on; returns the
   * unsubscribe. Only the app's own top frame is sent events.
   */
  subscribe(listener: GarageEventListener): () => void;
}

/** Every operation's method, keyed by the operation's name. */
export type GarageMethods = { [Op in OperationName]: GarageMethod<Op> };

/** `window.garage`: the methods grouped by their namespace ("vehicles.state" → vehicles.state), and the events. */
export type GarageApi = Grouped<GarageMethods> & { readonly events: GarageEvents };

type Options<Op extends OperationName, Index extends number> = NonNullable<ArgsOf<Op>[Index]>;

/** Options of the cached reads: `refresh` asks the service even when a recent copy is cached. */
export type ReadOptions = Options<'vehicles.status', 1>;
/** `live` asks the vehicle itself (`use_cache=false`); it may answer only "asleep". */
export type StateOptions = Options<'vehicles.state', 1>;
export type ReleaseNotesQuery = Options<'vehicles.releaseNotes', 1>;
/** `GET /{vin}/drives` filters, in the app's names; sent under the public names. */
export type DrivesQuery = Options<'vehicles.drives', 1>;
/** A command's values and the technician's confirmations, as a command to one car takes them. */
export type CommandOptions = Options<'runs.startVehicleCommand', 2>;
export type AuditQuery = Omit<Options<'audit.list', 0>, 'limit'>;
/** What the window asks a foreman for after a refusal, as it sends it (a value in its own units). */
export type ApprovalAskInput = Options<'approvals.askFor', 1>;
