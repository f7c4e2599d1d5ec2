import '../../tests/helpers/jsdomPolyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog, ModalDialog } from './Dialog';

afterEach(cleanup);

function pressEscape() {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key: 'Escape' });
  fireEvent.keyUp(target, { key: 'Escape' });
}

describe('AlertDialog', () => {
  it('is an alertdialog named by its title, with focus inside', () => {
    render(
      <AlertDialog title="Terms" primaryActionLabel="Accept" cancelLabel="Decline" onPrimaryAction={() => {}}>
        Please accept.
      </AlertDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Terms' });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('a destructive dialog opens with focus on its safe action', () => {
    render(
      <AlertDialog title="Remove item?" primaryActionLabel="Delete" cancelLabel="Cancel" variant="danger" onPrimaryAction={() => {}}>
        Truck
      </AlertDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('a confirming dialog opens with focus on its primary action', () => {
    render(
      <AlertDialog title="Terms" primaryActionLabel="Accept" cancelLabel="Decline" onPrimaryAction={() => {}}>
        Please accept.
      </AlertDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
  });

  it('is not dismissed by Escape where a button must decide (escapeCancels false: the terms)', () => {
    const onCancel = vi.fn();
    const onPrimaryAction = vi.fn();
    render(
      <AlertDialog
        title="Terms"
        primaryActionLabel="Accept"
        cancelLabel="Decline"
        onPrimaryAction={onPrimaryAction}
        onCancel={onCancel}
        escapeCancels={false}
      >
        Please accept.
      </AlertDialog>,
    );
    pressEscape();
    expect(screen.getByRole('alertdialog', { name: 'Terms' })).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onPrimaryAction).not.toHaveBeenCalled();
  });

  it("a question's Escape is its Cancel; never while its action is under way", () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <AlertDialog title="Remove item?" primaryActionLabel="Remove" cancelLabel="Cancel" variant="danger" onPrimaryAction={() => {}} onCancel={onCancel} isPrimaryActionPending>
        Truck
      </AlertDialog>,
    );
    pressEscape();
    expect(onCancel).not.toHaveBeenCalled();
    rerender(
      <AlertDialog title="Remove item?" primaryActionLabel="Remove" cancelLabel="Cancel" variant="danger" onPrimaryAction={() => {}} onCancel={onCancel}>
        Truck
      </AlertDialog>,
    );
    pressEscape();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('calls its actions from the keyboard', () => {
    const onCancel = vi.fn();
    const onPrimaryAction = vi.fn();
    render(
      <AlertDialog title="Terms" primaryActionLabel="Accept" cancelLabel="Decline" onPrimaryAction={onPrimaryAction} onCancel={onCancel}>
        Please accept.
      </AlertDialog>,
    );
    const accept = screen.getByRole('button', { name: 'Accept' });
    act(() => accept.focus());
    fireEvent.keyDown(accept, { key: 'Enter' });
    fireEvent.keyUp(accept, { key: 'Enter' });
    expect(onPrimaryAction).toHaveBeenCalledTimes(1);
    const decline = screen.getByRole('button', { name: 'Decline' });
    act(() => decline.focus());
    fireEvent.keyDown(decline, { key: ' ' });
    fireEvent.keyUp(decline, { key: ' ' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('ModalDialog', () => {
  it('closes on Escape when dismissable (control for the AlertDialog test)', () => {
    const onOpenChange = vi.fn();
    render(
      <ModalDialog isOpen onOpenChange={onOpenChange} title="Info">
        Body
      </ModalDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Info' })).toBeTruthy();
    pressEscape();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open on Escape when not dismissable', () => {
    const onOpenChange = vi.fn();
    render(
      <ModalDialog isOpen onOpenChange={onOpenChange} title="Info" isDismissable={false}>
        Body
      </ModalDialog>,
    );
    pressEscape();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
