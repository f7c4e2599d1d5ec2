import '../../tests/helpers/jsdomPolyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';
import { Checkbox } from './Checkbox';
import { Select } from './Select';
import { TextField } from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('labels its input and shows the error message when invalid', () => {
    render(<TextField label="Email" name="email" type="email" autoComplete="username" isInvalid errorMessage="Bad email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bad email')).toBeTruthy();
  });
});

describe('Checkbox', () => {
  it('toggles when activated', () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Remember</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Remember' });
    // A native checkbox input: the browser turns Space into a click, which jsdom does not do.
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe('Select', () => {
  const items = [
    { id: 'ar', label: 'العربية', lang: 'ar' },
    { id: 'en', label: 'English', lang: 'en' },
  ];

  it('shows the selected item and reports a keyboard choice', () => {
    const onSelectionChange = vi.fn();
    render(<Select label="Language" items={items} selectedKey="ar" onSelectionChange={onSelectionChange} />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    expect(trigger.textContent).toContain('العربية');
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyUp(trigger, { key: 'ArrowDown' });
    const option = screen.getByRole('option', { name: 'English' });
    fireEvent.keyDown(document.activeElement ?? option, { key: 'ArrowDown' });
    fireEvent.keyDown(option, { key: 'Enter' });
    fireEvent.keyUp(option, { key: 'Enter' });
    expect(onSelectionChange).toHaveBeenCalledWith('en');
  });
});

describe('Alert', () => {
  it('is an alert with a labelled dismiss button', () => {
    const onDismiss = vi.fn();
    render(
      <Alert onDismiss={onDismiss} dismissLabel="Dismiss">
        {'<i>stack</i>'}
      </Alert>,
    );
    expect(screen.getByRole('alert').textContent).toBe('<i>stack</i>');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
