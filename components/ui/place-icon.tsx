import { iconGroup, type IconGroup } from '@/lib/explorer/place-icon';

const PATHS: Record<IconGroup, string> = {
  food: 'M7 3v8m-2-8v5a2 2 0 0 0 4 0V3m-2 8v10M17 3c-2 0-3 2-3 5s1 4 3 4v9',
  lodging: 'M3 19V6m0 8h18v5M3 14v-2a2 2 0 0 1 2-2h4v4m4-4h6a2 2 0 0 1 2 2v2',
  camp: 'M12 4 3 20h18L12 4Zm0 0v16m-3 0 3-6 3 6',
  nature: 'M12 3 6 12h3l-4 6h14l-4-6h3l-6-9Zm0 15v3',
  fuel: 'M5 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M4 21h12M5 10h10m0-3 3 3v7a1.5 1.5 0 0 0 3 0V9l-3-3',
  landmark: 'M3 21h18M4 10h16M12 3l8 5H4l8-5ZM6 10v8m4-8v8m4-8v8m4-8v8',
  shop: 'M5 8h14l-1 13H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2',
  rv: 'M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7 6.3 21l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.5-.5-.5-2.5 2.5-2.5Z',
  rest: 'M8 21V3h5a4 4 0 0 1 0 8H8',
  pin: 'M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
};

const TONES: Record<IconGroup, string> = {
  food: 'bg-orange-100 text-orange-700',
  lodging: 'bg-indigo-100 text-indigo-700',
  camp: 'bg-lime-100 text-lime-800',
  nature: 'bg-emerald-100 text-emerald-700',
  fuel: 'bg-sky-100 text-sky-700',
  landmark: 'bg-amber-100 text-amber-800',
  shop: 'bg-pink-100 text-pink-700',
  rv: 'bg-slate-200 text-slate-700',
  rest: 'bg-blue-100 text-blue-700',
  pin: 'bg-brand-100 text-brand-700',
};

const SIZES = { sm: ['h-6 w-6', 'h-4 w-4'], md: ['h-10 w-10', 'h-5 w-5'], lg: ['h-11 w-11', 'h-6 w-6'] } as const;

export function PlaceIcon({ icon, size = 'md' }: { icon: string | undefined; size?: keyof typeof SIZES }) {
  const group = iconGroup(icon);
  const [circle, glyph] = SIZES[size];
  return (
    <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full ${TONES[group]} ${circle}`}>
      <svg viewBox="0 0 24 24" className={glyph} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[group]} />
      </svg>
    </span>
  );
}
