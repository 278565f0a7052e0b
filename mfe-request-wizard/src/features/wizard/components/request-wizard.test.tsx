import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, WIZARD_TREKS, type WizardFormData } from '@trek/shared';
import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { SubmittingWizard } from '../../../test/submitting-wizard';
import { useWizardForm } from '../hooks/use-wizard-form';
import { SAVE_FORM_DATA_EVENT } from '../model/persistence';
import { emptyFormData, type StepIndex, selectDuration, selectTrek } from '../model/wizard-state';
import { RequestWizard } from './request-wizard';
import { StepIndicator, stepStatus } from './step-indicator';

describe('StepIndicator', () => {
  it('marks steps done, current or to do by position, on a grid of 2n-1 columns', () => {
    expect([0, 1, 2, 3].map((step) => stepStatus(step, 2))).toEqual([
      'done',
      'done',
      'current',
      'todo',
    ]);
    renderPage(<StepIndicator steps={['Trek', 'Duration', 'Dates', 'Preferences']} current={1} />);
    const grid = screen.getByTestId('step-indicator');
    expect(grid.style.gridTemplateColumns).toBe('repeat(7, auto)');
    expect(screen.getByText('Duration').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('lets reachable circles be clicked', async () => {
    const onStepClick = vi.fn();
    renderPage(
      <StepIndicator
        steps={['Trek', 'Duration', 'Dates', 'Preferences']}
        current={2}
        onStepClick={onStepClick}
        isStepReachable={(step) => step < 3}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Step 1: Trek (done)' }));
    expect(onStepClick).toHaveBeenCalledWith(0);
    expect(screen.queryByRole('button', { name: /Step 4/ })).toBeNull();
  });
});

function Controlled({
  initial,
  initialStep = 1,
}: {
  initial: WizardFormData;
  initialStep?: StepIndex;
}) {
  const [data, setData] = useState(initial);
  const [step, setStep] = useState<StepIndex>(initialStep);
  return (
    <>
      <p>outside step {step}</p>
      <RequestWizard
        data={data}
        update={(change) => setData(change)}
        step={step}
        onStepChange={setStep}
        onSubmit={() => {}}
      />
    </>
  );
}

describe('RequestWizard', () => {
  it('can be controlled from outside', async () => {
    mockApi();
    renderPage(<Controlled initial={selectTrek(emptyFormData(), 'Lares')} />);
    expect(screen.getByText('2 out of 4')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('outside step 0')).toBeTruthy();
  });

  it('moves one step per double click or double tap of Next or Back, which stay in place on mobile', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage(<Controlled initial={buildWizardAnswers()} initialStep={1} />);
    const next = screen.getByRole('button', { name: 'Next' });
    await user.dblClick(next);
    expect(await screen.findByText('outside step 2')).toBeTruthy();
    await user.dblClick(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('outside step 1')).toBeTruthy();

    // A double tap: touch browsers report each tap as a first click; the second comes at once.
    await user.pointer({ keys: '[TouchA]', target: next });
    await user.pointer({ keys: '[TouchA]', target: next });
    expect(await screen.findByText('outside step 2')).toBeTruthy();
    // Separate presses still move a step each, a keyboard's too.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('outside step 1')).toBeTruthy();
    await user.click(next);
    expect(await screen.findByText('outside step 2')).toBeTruthy();
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('outside step 3')).toBeTruthy();
  });

  it("moves focus to the new step's heading, also when the dates step loads on demand", async () => {
    mockApi();
    renderPage(
      <Controlled
        initial={selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights')}
      />,
    );
    // Nothing takes focus on the first render.
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const datesHeading = await screen.findByRole('heading', {
      level: 2,
      name: 'When would you like to trek?',
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(datesHeading));
  });

  it('while submitting, shows a named alert dialog in focus over an inert form', async () => {
    mockApi();
    renderPage(<SubmittingWizard />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Creating your trek request' });
    await vi.waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(screen.getByRole('progressbar', { name: 'Creating your trek request' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Back', hidden: true }).closest('[inert]'),
    ).toBeTruthy();
    // The last step fetches the dates step ahead too; let it finish before the test ends.
    await import('./dates-step');
  });

  it('keeps focus on the submitting dialog: Tab stays, and focus put elsewhere comes back', async () => {
    mockApi();
    renderPage(
      <>
        <a href="/u/projects">A header link</a>
        <SubmittingWizard />
      </>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Creating your trek request' });
    await vi.waitFor(() => expect(document.activeElement).toBe(dialog));
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(dialog);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(dialog);
    screen.getByRole('link', { name: 'A header link' }).focus();
    expect(document.activeElement).toBe(dialog);
    await import('./dates-step');
  });

  it('gives focus back to Submit request when a request fails and the dialog goes', async () => {
    mockApi();
    let fail = () => {};
    renderPage(<SubmittingWizard onReady={(stop) => (fail = stop)} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Creating your trek request' });
    await vi.waitFor(() => expect(document.activeElement).toBe(dialog));
    act(() => fail());
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit request' })),
    );
    await import('./dates-step');
  });

  it("names the trek and duration cards' groups by the step's heading", async () => {
    mockApi();
    renderPage(<Controlled initial={selectTrek(emptyFormData(), 'Lares')} />);
    const durations = screen.getByRole('radiogroup', { name: 'How long would you like to trek?' });
    expect(durations.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(durations).getAllByRole('radio')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const treks = screen.getByRole('radiogroup', { name: 'Choose your trek' });
    expect(within(treks).getAllByRole('radio')).toHaveLength(8);
    expect(within(treks).getByRole('radio', { name: 'Lares' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Each trek card's short description is read after its name (the name is an aria-label).
    for (const trek of WIZARD_TREKS) {
      const card = within(treks).getByRole('radio', { name: new RegExp(`^${trek.name}`) });
      const described = document.getElementById(card.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(trek.description);
    }
  });

  it('makes each group of cards one Tab stop, and the arrow keys pass over Coming Soon', async () => {
    mockApi();
    renderPage(
      <>
        <button type="button">Before</button>
        <Controlled initial={emptyFormData()} initialStep={0} />
      </>,
    );
    const treks = screen.getByRole('radiogroup', { name: 'Choose your trek' });
    const card = (name: string) => within(treks).getByRole('radio', { name });
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    // Nothing chosen yet: Tab reaches the first trek, and the next Tab leaves the group.
    await user.tab();
    expect(document.activeElement).toBe(card('Salkantay'));
    await user.tab();
    expect(treks.contains(document.activeElement)).toBe(false);

    card('Colca Canyon').focus();
    await user.keyboard('{ArrowDown}');
    // Inca Trail (coming soon) is passed over: the arrow wraps round to the first trek.
    expect(document.activeElement).toBe(card('Salkantay'));
    expect(card('Salkantay').getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(card('Colca Canyon'));
    // The chosen card is now the group's Tab stop.
    expect(
      within(treks)
        .getAllByRole('radio')
        .filter((radio) => radio.tabIndex === 0),
    ).toEqual([card('Colca Canyon')]);
    expect(screen.getByText('outside step 0')).toBeTruthy();
  });

  describe('a pending auto-advance', () => {
    const lares = selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights');

    function withFakeTimers(run: () => Promise<void>) {
      return async () => {
        mockApi();
        vi.useFakeTimers();
        try {
          await run();
        } finally {
          vi.useRealTimers();
        }
      };
    }

    it(
      'is undone by Back: the wizard stays on the step Back went to',
      withFakeTimers(async () => {
        renderPage(<Controlled initial={lares} initialStep={1} />);
        const durations = screen.getByRole('radiogroup', {
          name: 'How long would you like to trek?',
        });
        fireEvent.click(within(durations).getAllByRole('radio')[0] as HTMLElement);
        fireEvent.click(screen.getByRole('button', { name: 'Back' }));
        expect(screen.getByText('outside step 0')).toBeTruthy();
        act(() => vi.advanceTimersByTime(1000));
        expect(screen.getByText('outside step 0')).toBeTruthy();
        await act(() => import('./dates-step'));
      }),
    );

    it(
      'does not move on again after Next: the next step is shown, not skipped',
      withFakeTimers(async () => {
        renderPage(<Controlled initial={lares} initialStep={0} />);
        const treks = screen.getByRole('radiogroup', { name: 'Choose your trek' });
        fireEvent.click(within(treks).getByRole('radio', { name: 'Lares' }));
        fireEvent.click(screen.getByRole('button', { name: 'Next' }));
        expect(screen.getByText('outside step 1')).toBeTruthy();
        act(() => vi.advanceTimersByTime(1000));
        expect(screen.getByText('outside step 1')).toBeTruthy();
        await act(() => import('./dates-step'));
      }),
    );

    it(
      'is dropped by an arrow key to another card, which never moves on',
      withFakeTimers(async () => {
        renderPage(<Controlled initial={emptyFormData()} initialStep={0} />);
        const treks = screen.getByRole('radiogroup', { name: 'Choose your trek' });
        const card = (name: string) => within(treks).getByRole('radio', { name });
        fireEvent.click(card('Salkantay'));
        fireEvent.keyDown(card('Salkantay'), { key: 'ArrowDown', code: 'ArrowDown' });
        expect(card('Ausangate').getAttribute('aria-checked')).toBe('true');
        act(() => vi.advanceTimersByTime(1000));
        expect(screen.getByText('outside step 0')).toBeTruthy();
      }),
    );
  });

  it('shows only the step indicator in indicator-only mode', () => {
    renderPage(
      <RequestWizard data={emptyFormData()} update={() => {}} indicatorOnly onSubmit={() => {}} />,
    );
    expect(screen.getByTestId('step-indicator')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

function Persisted() {
  const { data } = useWizardForm();
  return <p>trek {data.trek || 'none'}</p>;
}

describe('useWizardForm', () => {
  it("saves on the external 'save form data' event", () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(emptyFormData()));
    renderPage(<Persisted />);
    localStorage.removeItem(STORAGE_KEYS.wizardFormData);
    fireEvent(window, new Event(SAVE_FORM_DATA_EVENT));
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).not.toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).not.toBeNull();
  });
});
