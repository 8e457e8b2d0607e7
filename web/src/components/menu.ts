/** The look of a dropdown menu's panel and its items (Radix DropdownMenu), shared by the pickers. */
export const MENU = 'z-50 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 outline-none';
export const MENU_ITEM =
  'flex w-full cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100';
