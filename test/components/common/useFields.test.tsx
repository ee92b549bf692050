// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../../../components/common/TextField';
import { useFields } from '../../../components/common/useFields';

afterEach(cleanup);

type Field = 'name' | 'code';

function Form({
  linked = false,
  onEdit,
  onSubmit,
}: {
  linked?: boolean;
  onEdit?: (field: Field) => void;
  onSubmit: (values: Record<Field, string>) => void;
}) {
  const form = useFields<Field>({ name: '', code: '' }, { linked, ...(onEdit ? { onEdit } : {}) });
  const submit = form.submit(
    ({ name, code }) => ({
      ...(name ? {} : { name: 'Enter a name.' }),
      ...(code === name ? { code: 'The code must differ from the name.' } : {}),
    }),
    onSubmit,
  );
  return (
    <form onSubmit={submit} noValidate>
      <TextField id="name" label="Name" {...form.bind('name')} error={form.issues.name} />
      <TextField id="code" label="Code" {...form.bind('code')} error={form.issues.code} />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.fill({ name: 'demo', code: 'x' })}>
        Fill
      </button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('useFields', () => {
  it('shows each issue beside its field and submits nothing while there is one', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    save();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('The code must differ from the name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('typing in a field clears its own issue only, and says which field was edited', () => {
    const onEdit = vi.fn();
    render(<Form onSubmit={vi.fn()} onEdit={onEdit} />);
    save();
    type('Name', 'alice');
    expect(screen.queryByText('Enter a name.')).toBeNull();
    expect(screen.getByText('The code must differ from the name.')).toBeTruthy();
    expect(onEdit).toHaveBeenCalledWith('name');
  });

  it('linked fields: typing in one clears the issues of all', () => {
    render(<Form onSubmit={vi.fn()} linked />);
    save();
    type('Code', 'b');
    expect(screen.queryByText('Enter a name.')).toBeNull();
    expect(screen.queryByText('The code must differ from the name.')).toBeNull();
  });

  it('submits the values once they pass; a fill sets values without counting as an edit', () => {
    const onSubmit = vi.fn();
    const onEdit = vi.fn();
    render(<Form onSubmit={onSubmit} onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('demo');
    expect(onEdit).not.toHaveBeenCalled();
    save();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'demo', code: 'x' });
  });
});
