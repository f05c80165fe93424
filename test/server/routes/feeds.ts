// Activity feed answers shared by user, organization and team feeds: newest first, `date` (YYYY-MM-DD,
// a bad date is ignored) and paging; only X-Total-Count. Activities on repositories the caller cannot
// read are never shown.
import type { Ctx } from '../context';
import { toActivity } from '../convert/actions';
import { pagedTotalOnly } from '../paging';
import { accessMode } from '../permissions';
import { Access, type ActionRec } from '../state';

export async function feedResponse(ctx: Ctx, select: (a: ActionRec) => boolean, includePrivate: boolean): Promise<void> {
  const date = ctx.query.get('date') ?? '';
  let from = -Infinity;
  let to = Infinity;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (m) {
    const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (!Number.isNaN(t) && new Date(t).getUTCDate() === Number(m[3])) {
      from = t;
      to = t + 86_399_000;
    }
  }
  const state = ctx.state;
  const readable = new Map<number, boolean>();
  const canRead = (repoId: number) => {
    let v = readable.get(repoId);
    if (v === undefined) {
      const repo = state.repo(repoId);
      v = !!repo && accessMode(state, ctx.doer, repo) >= Access.Read;
      readable.set(repoId, v);
    }
    return v;
  };
  const items = state.actions
    .filter((a) => select(a) && (includePrivate || !a.isPrivate) && canRead(a.repoId))
    .filter((a) => a.created.getTime() >= from && a.created.getTime() <= to)
    .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
  ctx.json(200, await Promise.all(pagedTotalOnly(ctx, items).map((a) => toActivity(ctx, a))));
}
