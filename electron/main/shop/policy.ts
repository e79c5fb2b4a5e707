// The shop's policy and its requests, as the database keeps them (sql/008-policy.sql): the rules
// (read by all, written by an admin's role only, which row-level security holds to), the answer
// before an action (shop_may), and the requests of the two-person rule, written only through the
// database's functions, which check who calls them: asking, deciding, taking an approved request
// for sending (once: one UPDATE moves it from approved to sending) and recording what came of it.
import type { ApprovalRequest, RequestStatus } from '../../shared/approval-request';
import type { Pool, QueryResultRow } from 'pg';
import {
  SHOP_GROUPS,
  type PolicyAction,
  type PolicyAnswer,
  type PolicyRule,
  type ShopGroup,
} from '../../shared/shop-policy';
import type { RunCommand } from '../../shared/runs';
import { planAction, type ApprovalPlan, type PlanOnCar } from '../../shared/approval-plan';
import { approvalPlanSchema } from '../../shared/ipc/schemas';
import { tm } from '../i18n/main-words';
import { AppError } from '../../shared/result';
import { ShopError, toShopError } from './errors';

/** A request as the shop holds it (`requestedRole`: the role that asked, the server's word). */
export type ShopRequest = Omit<ApprovalRequest, 'mine' | 'expired'> & { seq: number };

export interface AskInput {
  /** The car, or '' for a plan over several cars. */
  vin: string;
  /** Exactly what is to be done (its action is the plan's: planAction). */
  plan: ApprovalPlan;
  reason: string;
  technician: string;
  machine: string;
  /** How long the request stands, from the server's now (1 minute to 24 hours). */
  minutes?: number;
}

export interface ShopPolicy {
  /** The signed-in role's group, or null when it is in none of the shop's groups. */
  group(): Promise<ShopGroup | null>;
  rules(): Promise<PolicyRule[]>;
  /** Sets one action's rule (an admin's role only); no roles and no limit removes it. */
  setRule(rule: PolicyRule): Promise<void>;
  may(action: PolicyAction, count?: number): Promise<PolicyAnswer>;
  ask(input: AskInput): Promise<ShopRequest>;
  decide(id: string, approve: boolean, note: string, name: string): Promise<ShopRequest>;
  /**
   * The approved request, taken for sending by the role that asked; throws if taken, expired or not
   * approved, or if its plan is not one this app carries out as it stands (nothing is taken then).
   */
  take(id: string, accept?: (found: PlanOnCar) => boolean | Promise<boolean>): Promise<ShopRequest>;
  finish(id: string, sent: boolean, outcome: string): Promise<ShopRequest>;
  request(id: string): Promise<ShopRequest | null>;
  /** The open requests and those changed in the last `recentHours`, newest first. */
  list(recentHours?: number): Promise<ShopRequest[]>;
}

interface RequestRow {
  id: string;
  vin: string;
  action: PolicyAction;
  plan: unknown;
  command: RunCommand | null;
  reason: string;
  technician: string;
  machine: string;
  db_role: string;
  requested_at: Date;
  expires_at: Date;
  status: RequestStatus;
  decided_role: string | null;
  decided_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  outcome: string | null;
  change_seq: string;
}

const COLUMNS =
  'id, vin, action, plan, command, reason, technician, machine, db_role, requested_at, expires_at, status, decided_role, decided_name, decided_at, decision_note, outcome, change_seq';

/**
 * A request's plan as the shop holds it, checked as main's own are made: one that is not (a row
 * written by another program, or by a newer app) is refused by name, never carried out.
 */
function planOf(row: Pick<RequestRow, 'plan' | 'action'>): ApprovalPlan {
  const parsed = approvalPlanSchema.safeParse(row.plan);
  if (!parsed.success || planAction(parsed.data) !== row.action)
    throw new ShopError('refused', tm('requestRefusal.bad_plan'), 'bad_plan');
  return parsed.data;
}

const requestOf = (row: RequestRow): ShopRequest => ({
  id: row.id,
  vin: row.vin,
  action: row.action,
  plan: planOf(row),
  command: row.command,
  reason: row.reason,
  technician: row.technician,
  machine: row.machine,
  requestedRole: row.db_role,
  requestedAt: row.requested_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  status: row.status,
  decidedRole: row.decided_role,
  decidedName: row.decided_name,
  decidedAt: row.decided_at?.toISOString() ?? null,
  note: row.decision_note,
  outcome: row.outcome,
  seq: Number(row.change_seq),
});

const asGroup = (value: string | null): ShopGroup | null =>
  SHOP_GROUPS.find((group) => group === value) ?? null;

export function shopPolicy(pool: Pool, garageId: string): ShopPolicy {
  const query = async <T extends object>(sql: string, params: unknown[] = []) => {
    try {
      return (await pool.query<T & QueryResultRow>(sql, params)).rows;
    } catch (error) {
      throw toShopError(error);
    }
  };
  /** One request through one of the database's functions, which returns the row it wrote. */
  const through = async (sql: string, params: unknown[]) =>
    requestOf((await query<RequestRow>(`SELECT ${COLUMNS} FROM ${sql}`, params))[0]!);

  return {
    async group() {
      const rows = await query<{ grp: string | null }>('SELECT shop_group(session_user) AS grp');
      return asGroup(rows[0]?.grp ?? null);
    },
    async rules() {
      const rows = await query<{ action: PolicyAction; roles: string[]; bulk_max: number | null }>(
        'SELECT action, roles, bulk_max FROM shop_policy WHERE garage_id = $1 ORDER BY action',
        [garageId],
      );
      return rows.map((row) => ({
        action: row.action,
        roles: row.roles.flatMap((role) => asGroup(role) ?? []),
        bulkMax: row.bulk_max,
      }));
    },
    async setRule(rule) {
      if (rule.roles.length === 0 && rule.bulkMax === null) {
        await query('DELETE FROM shop_policy WHERE garage_id = $1 AND action = $2', [garageId, rule.action]);
        return;
      }
      await query(
        `INSERT INTO shop_policy (garage_id, action, roles, bulk_max) VALUES ($1, $2, $3, $4)
         ON CONFLICT (garage_id, action) DO UPDATE SET roles = EXCLUDED.roles, bulk_max = EXCLUDED.bulk_max`,
        [garageId, rule.action, rule.roles, rule.bulkMax],
      );
    },
    async may(action, count = 1) {
      const rows = await query<{ allowed: boolean; roles: string[] }>(
        'SELECT allowed, roles FROM shop_may($1, $2)',
        [action, count],
      );
      const row = rows[0];
      return {
        allowed: row?.allowed === true,
        roles: (row?.roles ?? []).flatMap((role) => asGroup(role) ?? []),
      };
    },
    ask: (input) =>
      through('shop_ask_plan($1, $2, $3, $4, $5, $6, $7)', [
        input.vin,
        planAction(input.plan),
        JSON.stringify(input.plan),
        input.reason,
        input.technician,
        input.machine,
        input.minutes ?? 60,
      ]),
    decide: (id, approve, note, name) => through('shop_decide($1, $2, $3, $4)', [id, approve, note, name]),
    async take(id, accept) {
      // The plan as this app reads and would carry it out; the database takes the request only if
      // that is, to the letter, the plan approved.
      const rows = await query<Pick<RequestRow, 'plan' | 'action' | 'vin'>>(
        'SELECT plan, action, vin FROM shop_requests WHERE garage_id = $1 AND id = $2',
        [garageId, id],
      );
      const plan = rows[0] ? planOf(rows[0]) : null;
      if (plan && accept && !(await accept({ plan, vin: rows[0]!.vin })))
        throw new AppError('invalid_input', tm('approvalPlan.otherKind'));
      return through('shop_take($1, $2)', [id, JSON.stringify(plan)]);
    },
    finish: (id, sent, outcome) => through('shop_finish($1, $2, $3)', [id, sent, outcome]),
    async request(id) {
      const rows = await query<RequestRow>(
        `SELECT ${COLUMNS} FROM shop_requests WHERE garage_id = $1 AND id = $2`,
        [garageId, id],
      );
      return rows[0] ? requestOf(rows[0]) : null;
    },
    async list(recentHours = 24) {
      const rows = await query<RequestRow>(
        `SELECT ${COLUMNS} FROM shop_requests
          WHERE garage_id = $1
            AND (status IN ('pending', 'approved', 'sending') OR updated_at > now() - make_interval(hours => $2))
          ORDER BY requested_at DESC LIMIT 200`,
        [garageId, recentHours],
      );
      // A request whose plan this app cannot read is left out of the list, not the list with it.
      return rows.flatMap((row) => {
        try {
          return [requestOf(row)];
        } catch {
          return [];
        }
      });
    },
  };
}
