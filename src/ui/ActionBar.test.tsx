import '../../tests/helpers/jsdomPolyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionBar, ActionButton, ActionLink } from './ActionBar';
import { CloseIcon } from './icons';

afterEach(cleanup);

describe('ActionBar', () => {
  it('is a toolbar of actions named by their visible labels; a keyboard focus shows the tooltip, which describes the action', async () => {
    const onPress = vi.fn();
    render(
      <ActionBar aria-label="Device actions">
        <ActionButton icon={<CloseIcon />} label="Track" tooltip="Draw the path from now on" onPress={onPress} isActive />
        <ActionLink icon={<CloseIcon />} label="Replay" tooltip="Replay the route" href="/replay?deviceId=4" />
      </ActionBar>,
    );
    const bar = screen.getByRole('toolbar', { name: 'Device actions' });
    const track = screen.getByRole('button', { name: 'Track' });
    expect(bar.contains(track)).toBe(true);
    expect(track.hasAttribute('data-active')).toBe(true);
    expect(screen.getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe('/replay?deviceId=4');
    expect(screen.queryByRole('tooltip')).toBeNull();

    // the keyboard, not a pointer: react-aria shows the tooltip at once on focus
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => track.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Draw the path from now on');
    expect(track.getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.click(track);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
