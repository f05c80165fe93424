// GET /version, GET /settings/api and the other instance-level endpoints.
import type { Router } from '../router';
import { DEFAULT_PAGING_NUM, MAX_RESPONSE_ITEMS } from '../paging';

export function registerMiscRoutes(r: Router): void {
  r.get('/version', [], (ctx) => ctx.json(200, { version: ctx.server.version }));
  r.get('/settings/api', ['misc'], (ctx) =>
    ctx.json(200, {
      max_response_items: MAX_RESPONSE_ITEMS,
      default_paging_num: DEFAULT_PAGING_NUM,
      default_git_trees_per_page: 1000,
      default_max_blob_size: 10485760,
      default_max_response_size: 104857600,
    }),
  );
  r.get('/settings/repository', ['misc'], (ctx) =>
    ctx.json(200, { mirrors_disabled: false, http_git_disabled: false, migrations_disabled: ctx.state.settings.disableMigrations,
      stars_disabled: ctx.state.settings.disableStars, time_tracking_disabled: false, lfs_disabled: true }),
  );
}
