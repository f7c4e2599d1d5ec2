import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

function pressKey(element: HTMLElement, key: string) {
  act(() => element.focus());
  fireEvent.keyDown(element, { key });
  fireEvent.keyUp(element, { key });
}

describe('Button', () => {
  it.each(['Enter', ' '])('calls onPress when %j is pressed', (key) => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    pressKey(button, key);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('shows keyboard focus through data-focus-visible', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => button.focus());
    expect(button.hasAttribute('data-focus-visible')).toBe(true);
  });

  it('ignores presses while pending, stays focusable and shows a spinner', () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending>
        Save
      </Button>,
    );
    const button = screen.getByRole('button');
    pressKey(button, 'Enter');
    expect(onPress).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('data-pending')).toBe(true);
    expect(button.querySelector('svg')).not.toBeNull();
  });

  it('does not call onPress when disabled', () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Save
      </Button>,
    );
    pressKey(screen.getByRole('button'), 'Enter');
    expect(onPress).not.toHaveBeenCalled();
  });
});
