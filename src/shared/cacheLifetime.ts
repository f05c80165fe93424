// How long what the server answered is shown again without asking: the views' lists and the issue pages share it,
// so a page and the row it was opened from are as fresh as each other.
export const LIST_CACHE_TTL_MS = 60_000;
