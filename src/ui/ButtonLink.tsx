import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { button } from './Button.css';
import { plain } from './ButtonLink.css';
import type { ButtonVariant } from './Button';

export interface ButtonLinkProps extends Omit<AriaLinkProps, 'className'> {
  variant?: ButtonVariant;
}

/** A link that looks like a button (Add, Open): it navigates, so it is a link to assistive technology. */
export function ButtonLink({ variant = 'primary', ...props }: ButtonLinkProps) {
  return <AriaLink {...props} className={`${button({ variant })} ${plain}`} />;
}
