import type { FlatRoute } from '../../../core/meta/types';
import type { FlowDefinition, StepView } from '../../../core/flows/types';

/** An event a step view sends to its flow; `data` joins the context (the generic assignEventData action). */
export interface FlowEvent {
  type: string;
  data?: Record<string, unknown>;
}

/** What a step view is given: the machine's context, a way to send it events, and what it accepts now. */
export interface FlowStepProps {
  flow: FlowDefinition;
  route: FlatRoute;
  context: Record<string, any>;
  send(event: FlowEvent): void;
  can(type: string): boolean;
}

export type GenericView = Exclude<StepView, { kind: 'custom' }>;
