/**
 * Athar's Button over react-aria's: the variant and width choose its look, a caller's class is
 * added to it (as text or as a function of the button's state), and a pending button keeps its
 * label's room under a spinner. Pressing is react-aria's and is not tested again here, but once
 * through the wrapper, to show the props reach it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import * as styles from './Button.css';

afterEach(cleanup);

const classesOf = (element: HTMLElement) => new Set(element.className.split(/\s+/).filter(Boolean));

describe('Button', () => {
  it('takes its look from the variant and the width', () => {
    render(
      <>
        <Button>Save</Button>
        <Button variant="danger">Delete</Button>
        <Button fullWidth>Sign in</Button>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    const wide = screen.getByRole('button', { name: 'Sign in' });
    expect(save.className).toContain(styles.button({ variant: 'primary', fullWidth: false }));
    expect(remove.className).toContain(styles.button({ variant: 'danger', fullWidth: false }));
    expect(wide.className).toContain(styles.button({ variant: 'primary', fullWidth: true }));
    expect(remove.className).not.toBe(save.className);
    expect(wide.className).not.toBe(save.className);
  });

  it('adds a caller’s class, as text or as a function of the state, to its own', () => {
    render(
      <>
        <Button className="extra">Plain</Button>
        <Button className={({ isDisabled }) => (isDisabled ? 'off' : 'on')} isDisabled>
          Stateful
        </Button>
      </>,
    );
    const plain = classesOf(screen.getByRole('button', { name: 'Plain' }));
    expect(plain.has('extra')).toBe(true);
    expect(plain.has(styles.relative)).toBe(true);
    const stateful = classesOf(screen.getByRole('button', { name: 'Stateful' }));
    expect(stateful.has('off')).toBe(true);
    expect(stateful.has(styles.relative)).toBe(true);
  });

  it('pending: the label keeps its room, hidden under a spinner; otherwise no spinner', () => {
    const { rerender } = render(<Button>Save</Button>);
    const button = screen.getByRole('button');
    expect(button.querySelector(`.${styles.pendingLayer}`)).toBeNull();
    expect(button.querySelector(`.${styles.hiddenContent}`)).toBeNull();
    rerender(<Button isPending>Save</Button>);
    const hidden = button.querySelector(`.${styles.hiddenContent}`);
    expect(hidden?.textContent).toBe('Save');
    expect(button.querySelector(`.${styles.pendingLayer} svg`)).not.toBeNull();
  });

  it('passes react-aria’s props through: a press reaches onPress, not while pending', () => {
    const onPress = vi.fn();
    const { rerender } = render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button');
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyUp(button, { key: 'Enter' });
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(
      <Button onPress={onPress} isPending>
        Save
      </Button>,
    );
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyUp(button, { key: 'Enter' });
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button);
  });
});
