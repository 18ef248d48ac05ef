'use client';

import { useId, useState } from 'react';
import { draftOf, fieldsOf, HOOKUP_WORDS, type ReviewFields } from '@/lib/explorer/review-draft';
import { editReview, PHOTO_TYPES, ReviewRequestError, uploadPlacePhoto, writeReview } from '@/lib/explorer/reviews-api';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { CURRENCIES, HOOKUPS, MAX_REVIEW_TEXT } from '@/lib/reviews/review-input';
import { FormButtons } from '@/components/ui/form-buttons';

interface Props {
  placeId: number;
  /** Campgrounds and RV parks ask what RV travelers ask each other. */
  withRv: boolean;
  /** The review being edited; null for a new one. */
  editing: ReviewView | null;
  /** With the photos chosen that the server refused, each as "name: why". */
  onSaved: (refusedPhotos: string[]) => void;
  onCancel: () => void;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** Photos sent with one review: a visit's best, well under the day's limit of 20. */
const PHOTOS_PER_REVIEW = 5;

/** Sends the photos one after the other (the server decodes one at a time anyway); returns those refused, with why. */
async function sendPhotos(placeId: number, reviewId: string, photos: readonly File[]): Promise<string[]> {
  const refused: string[] = [];
  for (const photo of photos) {
    try {
      await uploadPlacePhoto(placeId, photo, reviewId);
    } catch (err) {
      refused.push(`${photo.name}: ${(err as Error).message}`);
    }
  }
  return refused;
}

function PhotosField({ photos, onChange }: { photos: readonly File[]; onChange: (photos: File[]) => void }) {
  const id = useId();
  const tooMany = photos.length > PHOTOS_PER_REVIEW;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        Photos from your visit (optional)
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Up to {PHOTOS_PER_REVIEW}: JPEG, PNG, WebP or HEIC, 15 MB each. Their location and camera details are removed.
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={PHOTO_TYPES}
        aria-describedby={`${id}-hint${tooMany ? ` ${id}-error` : ''}`}
        aria-invalid={tooMany || undefined}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
      />
      <FieldError id={`${id}-error`} message={tooMany ? `Choose at most ${PHOTOS_PER_REVIEW} photos (${photos.length} chosen).` : undefined} />
    </div>
  );
}
const INPUT = 'rounded-md border border-slate-300 px-2 py-1.5 text-ink';

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

function StarsField({ value, onChange, error }: { value: number; onChange: (rating: number) => void; error?: string }) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-slate-800">Rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl leading-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
            <input type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span aria-hidden="true" className={n <= value ? 'text-amber-600' : 'text-slate-300'}>
              ★
            </span>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function RvFields({ fields, set, errors }: { fields: ReviewFields; set: (change: Partial<ReviewFields>) => void; errors: Record<string, string> }) {
  const id = useId();
  const toggle = (hookup: ReviewFields['hookups'][number], on: boolean) => {
    if (!on) return set({ hookups: fields.hookups.filter((h) => h !== hookup) });
    // "None" goes alone, as the server requires.
    set({ hookups: hookup === 'none' ? ['none'] : [...fields.hookups.filter((h) => h !== 'none'), hookup] });
  };
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-800">For RV travelers (optional)</legend>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-length`}>Rig length that fit (ft)</label>
          <input id={`${id}-length`} inputMode="numeric" value={fields.rigLengthFt} onChange={(e) => set({ rigLengthFt: e.target.value })} className={`${INPUT} w-24`} aria-describedby={`${id}-length-error`} />
          <FieldError id={`${id}-length-error`} message={errors['rv.rigLengthFt']} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-price`}>Price paid a night</label>
          <div className="flex gap-1">
            <input id={`${id}-price`} inputMode="decimal" value={fields.price} onChange={(e) => set({ price: e.target.value })} className={`${INPUT} w-24`} aria-describedby={`${id}-price-error`} />
            <select aria-label="Currency" value={fields.currency} onChange={(e) => set({ currency: e.target.value as ReviewFields['currency'] })} className={INPUT}>
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <FieldError id={`${id}-price-error`} message={errors['rv.pricePerNight.amount']} />
        </div>
      </div>
      <fieldset>
        <legend>Hookups used</legend>
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {HOOKUPS.map((h) => (
            <label key={h} className="flex items-center gap-1">
              <input type="checkbox" checked={fields.hookups.includes(h)} onChange={(e) => toggle(h, e.target.checked)} />
              {HOOKUP_WORDS[h]}
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

function VisitAndText({ fields, set, errors }: { fields: ReviewFields; set: (change: Partial<ReviewFields>) => void; errors: Record<string, string> }) {
  const id = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-visit`} className="font-medium text-slate-800">
          Date of your visit
        </label>
        <input id={`${id}-visit`} type="date" value={fields.visitedOn} min="2000-01-01" onChange={(e) => set({ visitedOn: e.target.value })} className={`${INPUT} w-44`} aria-describedby={`${id}-visit-error`} />
        <FieldError id={`${id}-visit-error`} message={errors.visitedOn} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          value={fields.text}
          rows={4}
          maxLength={MAX_REVIEW_TEXT}
          placeholder="Did your rig fit? Was the dump station open? Cell signal, noise, what you paid…"
          onChange={(e) => set({ text: e.target.value })}
          className={INPUT}
          aria-describedby={`${id}-text-error`}
        />
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
    </>
  );
}

/** Writes or edits the reader's review; the server's refusals are shown beside the fields they name. */
export function ReviewForm({ placeId, withRv, editing, onSaved, onCancel }: Props) {
  const [fields, setFields] = useState<ReviewFields>(() => fieldsOf(editing, todayUtc()));
  const [version, setVersion] = useState(editing?.version ?? 0);
  // The RV details the form does not show (cell signal) are kept as the review has them now.
  const [keptRv, setKeptRv] = useState(editing?.rv ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const set = (change: Partial<ReviewFields>) => setFields((f) => ({ ...f, ...change }));

  const submit = async () => {
    if (fields.rating === 0) {
      setErrors({ rating: 'Choose 1 to 5 stars.' });
      return;
    }
    if (photos.length > PHOTOS_PER_REVIEW) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const draft = draftOf(fields, withRv, keptRv);
      const saved = editing ? await editReview(editing.id, version, draft) : await writeReview(placeId, draft);
      onSaved(await sendPhotos(placeId, saved.id, photos));
    } catch (err) {
      if (err instanceof ReviewRequestError && err.current) {
        // Changed elsewhere (another tab): the form shows it as it is now, to edit again from there.
        setFields(fieldsOf(err.current, todayUtc()));
        setVersion(err.current.version);
        setKeptRv(err.current.rv);
      }
      setErrors(err instanceof ReviewRequestError ? err.fields : {});
      setMessage((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={editing ? 'Edit your review' : 'Write a review'}
      data-testid="review-form"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <StarsField value={fields.rating} onChange={(rating) => set({ rating })} error={errors.rating} />
      <VisitAndText fields={fields} set={set} errors={errors} />
      {withRv && <RvFields fields={fields} set={set} errors={errors} />}
      <PhotosField photos={photos} onChange={setPhotos} />
      {message && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-800" data-testid="review-error">
          {message}
        </p>
      )}
      <FormButtons submit={busy ? 'Saving…' : editing ? 'Save changes' : 'Post review'} disabled={busy} onCancel={onCancel} size="regular" />
    </form>
  );
}
