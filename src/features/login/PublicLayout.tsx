import type { FormEvent, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout, Form, TextField, type FormProps, type TextFieldProps } from '../../ui';
import { LanguagePicker } from './LanguagePicker';
import * as styles from '../../shared/app.css';

/** Every public page (sign in, register, reset password, change server): the card with the page's heading, and the language choice under it. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <AuthLayout productName={t`Athar`}>
      <div className={styles.stack}>
        <h1 className={styles.heading}>{title}</h1>
        {children}
        <LanguagePicker />
      </div>
    </AuthLayout>
  );
}

/** A public page's form: its fields in a column; a submit is the page's to handle (`onSubmit`), never the browser's. */
export function PublicForm({ onSubmit, ...props }: Omit<FormProps, 'className' | 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <Form
      {...props}
      className={styles.stack}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}

/** A password's field, named `password` for password managers: `current-password` to sign in, `new-password` to choose one. */
export function PasswordField(props: Omit<TextFieldProps, 'name' | 'type' | 'isRequired' | 'autoComplete'> & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField {...props} name="password" type="password" isRequired />;
}
