import { createContext, useContext } from 'react';

/**
 * The area pop-overs stay inside (`AppShell` sets it): the screen above the phone's bottom
 * navigation, the whole screen from tablets up. Without it (the sign-in pages, which have no
 * navigation) a pop-over keeps to the window.
 */
export const PopoverBoundaryContext = createContext<Element | null>(null);

/** The props that keep a react-aria `Popover` inside the app's free area (spread onto it). */
export function usePopoverBoundary(): { boundaryElement?: Element } {
  const element = useContext(PopoverBoundaryContext);
  return element ? { boundaryElement: element } : {};
}
