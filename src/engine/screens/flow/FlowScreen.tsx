import { Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { FlowScreen as FlowScreenDef } from '../../../core/meta/types';
import type { FlowDefinition, StateJson } from '../../../core/flows/types';
import { flowMachine, statePath, statesOnPath, type StartPoint } from '../../../core/flows/machine';
import { t as translate, useI18n } from '../../i18n/i18n';
import { flowRuns, runContext } from '../../api/flowRuns';
import { toast } from '../../../shell/toasts';
import { Icon } from '../../../widgets/Icon';
import { PageSkeleton } from '../ScreenHost';
import type { ScreenProps } from '../kinds';
import { customComponent } from '../custom/registry';
import { clientImplementations } from './clientImplementations';
import { fromAddress, toAddress, withRun } from './resume';
import type { FlowEvent, FlowStepProps } from './stepProps';
import { ProgressStep } from './steps/ProgressStep';
import { SummaryStep } from './steps/SummaryStep';

/**
 * The `flow` screen kind: a client flow (flows/<id>.json) run step by step with @xstate/react. It shows the
 * steps and where the user is, the view of the current step, Back and Cancel when the machine accepts them,
 * and keeps the step (and the fields the flow names) in the address, so a refresh comes back to the same
 * step — and a step following a server run reads that run back from the server.
 */
export default function FlowScreen({ bundle, route }: ScreenProps) {
  const { t } = useI18n();
  const screen = bundle.screen as FlowScreenDef;
  const def = bundle.flows?.[screen.flow];
  const [params] = useSearchParams();
  // the address is read once, when the screen opens: afterwards the machine writes it, it does not follow it
  const [point] = useState(() => (def ? fromAddress(def, params) : undefined));
  const [start, setStart] = useState<StartPoint>();

  useEffect(() => {
    if (!point) return;
    let live = true;
    if (point.startedOver) toast.info(translate('flow.startedOver'));
    if (!point.run) setStart(point.start);
    else
      flowRuns.get(point.run).then(
        (view) => live && setStart(withRun(point.start, view, runContext)),
        // the run is gone (or not this user's): begin again rather than resume into nothing
        () => live && setStart({}),
      );
    return () => {
      live = false;
    };
  }, [point]);

  if (!def) return <div className="unknown-widget">{t('flow.missingView', { name: screen.flow, flow: screen.flow })}</div>;
  if (!start) return <PageSkeleton />;
  return <RunningFlow def={def} start={start} route={route} />;
}

function RunningFlow({ def, start, route }: { def: FlowDefinition; start: StartPoint; route: ScreenProps['route'] }) {
  const { t } = useI18n();
  const machine = useMemo(() => flowMachine(def, clientImplementations, start), [def, start]);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);
  const [, setParams] = useSearchParams();

  useEffect(() => {
    const sub = actor.subscribe((s) => setParams((current) => toAddress(def, s, current), { replace: true }));
    return () => sub.unsubscribe();
  }, [actor, def, setParams]);

  const path = statePath(snapshot.value);
  const onPath = statesOnPath(def, path);
  const view = [...onPath].reverse().find((s) => s.meta?.view)?.meta?.view;
  const can = (type: string) => snapshot.can({ type });
  const send = (event: FlowEvent) => actor.send(event);
  const props: FlowStepProps = { flow: def, route, context: snapshot.context as Record<string, any>, send, can };

  const steps = stepLabels(def);
  const currentLabel = [...onPath].reverse().find((s) => s.meta?.label)?.meta?.label;
  const current = currentLabel ? steps.indexOf(currentLabel) : -1;

  let body;
  if (view?.kind === 'custom') {
    const Step = customComponent<FlowStepProps>(view.component);
    body = Step ? (
      <Suspense fallback={<PageSkeleton />}>
        <Step {...props} />
      </Suspense>
    ) : (
      <div className="unknown-widget">{t('flow.missingView', { name: view.component, flow: def.id })}</div>
    );
  } else if (view?.kind === 'progress') body = <ProgressStep {...props} />;
  else if (view?.kind === 'summary') body = <SummaryStep {...props} view={view} />;

  const custom = view?.kind === 'custom';
  return (
    <div className="stack flow" data-testid={`flow-${def.id}`} data-step={path}>
      {steps.length > 1 && (
        <nav className="flow-steps" aria-label={t('flow.steps')}>
          <ol>
            {steps.map((label, i) => (
              <li
                key={label}
                className={i === current ? 'on' : i < current ? 'done' : ''}
                aria-current={i === current ? 'step' : undefined}
              >
                <span className="flow-step-no">{i < current ? <Icon name="check" size="sm" /> : i + 1}</span>
                <span className="flow-step-label">{t(label)}</span>
              </li>
            ))}
          </ol>
          {current >= 0 && <span className="flow-steps-count">{t('flow.stepOf', { n: current + 1, total: steps.length })}</span>}
        </nav>
      )}
      {custom ? (
        body
      ) : (
        <div className="card">
          <div className="card-body">{body}</div>
        </div>
      )}
      {(can('BACK') || can('CANCEL')) && (
        <div className="row flow-nav">
          {can('BACK') && (
            <button type="button" className="btn" onClick={() => send({ type: 'BACK' })} data-testid="flow-back">
              <Icon name="arrow-left" size="sm" /> {t('flow.back')}
            </button>
          )}
          {can('CANCEL') && (
            <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CANCEL' })} data-testid="flow-cancel">
              <Icon name="x" size="sm" /> {t('flow.cancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The steps a person sees: the labels of the top-level states, in order, each once. */
function stepLabels(def: FlowDefinition): string[] {
  const labels = Object.values(def.machine.states)
    .map((s: StateJson) => s.meta?.label)
    .filter((l): l is string => Boolean(l));
  return [...new Set(labels)];
}
