import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorToast } from './ErrorToast';

afterEach(cleanup);

describe('ErrorToast', () => {
  it('is an alert showing the message', () => {
    render(<ErrorToast message="Connection error" onClose={() => {}} closeLabel="Close" />);
    expect(screen.getByRole('alert').textContent).toBe('Connection error');
  });

  it('calls onClose from the close button (keyboard and pointer)', () => {
    const onClose = vi.fn();
    render(<ErrorToast message="Connection error" onClose={onClose} closeLabel="Close" />);
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    fireEvent.keyDown(close, { key: 'Enter' });
    fireEvent.keyUp(close, { key: 'Enter' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders markup-looking text literally', () => {
    const message = '<b>x</b><img src=x onerror="alert(1)">';
    render(<ErrorToast message={message} onClose={() => {}} closeLabel="Close" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.querySelector('b')).toBeNull();
    expect(alert.querySelector('img')).toBeNull();
    expect(screen.getByText('<b>x</b><img src=x onerror="alert(1)">')).toBeTruthy();
  });
});
