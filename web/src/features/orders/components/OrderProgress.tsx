/** The step bar of an order or a request: each step with the time it was reached. */
import { Steps } from 'antd';
import { currentStep, formatTime, type Step } from '../lib/orders';

export function Progress({ steps, testId }: { steps: Step[]; testId?: string }) {
  return (
    <Steps
      className="yct-ord-steps"
      size="small"
      titlePlacement="vertical"
      current={currentStep(steps)}
      data-testid={testId}
      items={steps.map((s) => ({
        title: (
          <span data-testid="step-title" data-status={s.status}>
            {s.title}
          </span>
        ),
        status: s.status,
        content: s.time ? <span className="yct-ord-steps__time">{formatTime(s.time)}</span> : null,
      }))}
    />
  );
}
