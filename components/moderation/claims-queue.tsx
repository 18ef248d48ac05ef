'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { formatDate } from '@/lib/explorer/closures';
import { answerClaim, type ClaimAnswer } from '@/lib/explorer/moderation-api';
import { type ClaimantTold, type ClaimsQueue as Queue, MAX_CLAIM_REASON, type NamedClaim } from '@/lib/owners/claims-view';
import { DecisionStatus, type Said } from './decision-status';
import { ReasonForm } from './reason-form';

const TOLD: Record<ClaimantTold, string> = {
  mailed: 'The member who asked was told by e-mail.',
  no_account: 'The member who asked has no account any more: their organization sees the answer on its list of places.',
  mail_failed: 'The e-mail to the member who asked failed: their organization sees the answer on its list of places.',
};

const button = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50';

function ClaimCard({ claim, children }: { claim: NamedClaim; children?: React.ReactNode }) {
  return (
    <article aria-label={`${claim.organizationName}’s claim on ${claim.name}`} className="p-4 text-sm" data-testid="moderated-claim">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={`/?place=${claim.placeId}`} className="font-medium text-brand-700 underline">
          {claim.name}
        </Link>
        <span className="text-slate-700">
          for <span className="font-medium">{claim.organizationName}</span>, asked by {claim.requestedByName} on {formatDate(claim.requestedAt.slice(0, 10))}
        </span>
      </p>
      {claim.status !== 'pending' && (
        <p className={`mt-2 ${claim.status === 'approved' ? 'text-emerald-800' : 'text-amber-900'}`}>
          {claim.status === 'approved' ? 'Approved' : 'Refused'} by {claim.decidedBy} on {formatDate(claim.decidedAt!.slice(0, 10))}
          {claim.reason ? `: ${claim.reason}` : ''}
        </p>
      )}
      {children && <div className="mt-3 flex flex-wrap items-start gap-2">{children}</div>}
    </article>
  );
}

function ClaimList({
  id,
  title,
  intro,
  empty,
  claims,
  decisions,
}: {
  id: string;
  title: string;
  intro?: string;
  empty: string;
  claims: NamedClaim[];
  decisions?: (claim: NamedClaim) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro && <p className="mb-3 max-w-3xl text-sm text-slate-600">{intro}</p>}
      {claims.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
          {claims.map((claim) => (
            <ClaimCard key={claim.id} claim={claim}>
              {decisions?.(claim)}
            </ClaimCard>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * Organizations' claims on places, the longest waiting first, with Approve (the organization keeps the place) and
 * Refuse (with the reason it is shown); the latest answered below.
 */
export function ClaimsQueue({ initial }: { initial: Queue }) {
  const [pending, setPending] = useState(initial.pending);
  const [answered, setAnswered] = useState(initial.answered);
  const [refusing, setRefusing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Said>(null);
  const said = useRef<HTMLDivElement>(null);

  const act = async (claim: NamedClaim, answer: ClaimAnswer) => {
    setBusy(true);
    setStatus(null);
    try {
      const { claim: now, told } = await answerClaim(claim.id, answer);
      const done = now.status === 'approved' ? `Approved: ${now.organizationName} keeps ${now.name} now.` : 'Refused.';
      // Approving a claim refuses the other organizations' pending claims on the place: they leave the list too.
      setPending((list) => list.filter((c) => c.id !== claim.id && !(now.status === 'approved' && c.placeId === now.placeId)));
      setAnswered((list) => [now, ...list]);
      setRefusing(null);
      setStatus({ text: `${done} ${TOLD[told]}`, error: false });
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    } finally {
      setBusy(false);
      said.current?.focus();
    }
  };

  const whose = (claim: NamedClaim) => `${claim.organizationName}’s claim on ${claim.name}`;
  const decisions = (claim: NamedClaim) =>
    refusing === claim.id ? (
      <ReasonForm
        label={`Refuse ${whose(claim)}`}
        fieldLabel="Reason, shown to the organization"
        submit="Refuse it"
        maxLength={MAX_CLAIM_REASON}
        busy={busy}
        onSubmit={(reason) => void act(claim, { action: 'refuse', reason })}
        onCancel={() => setRefusing(null)}
      />
    ) : (
      <>
        <button type="button" className={button} disabled={busy} onClick={() => void act(claim, { action: 'approve' })} aria-label={`Approve ${whose(claim)}`}>
          Approve
        </button>
        <button type="button" className={button} disabled={busy} onClick={() => setRefusing(claim.id)} aria-label={`Refuse ${whose(claim)}…`}>
          Refuse…
        </button>
      </>
    );
  return (
    <div className="space-y-6" data-testid="claim-moderation">
      <DecisionStatus ref={said} said={status} />
      <ClaimList
        id="pending-claims"
        title={`Claims on places (${pending.length})`}
        intro="An organization that runs a place asks to keep its listing. Approving lets its keepers edit the place’s hours, closures, contact and RV service; refusing tells them why."
        empty="No organization waits for an answer."
        claims={pending}
        decisions={decisions}
      />
      <ClaimList id="answered-claims" title="Answered claims" empty="None." claims={answered} />
    </div>
  );
}
