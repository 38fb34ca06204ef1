import { type ReactNode, useId } from 'react'

interface CheckboxProps {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  name?: string
  hint?: ReactNode
}

/** A checkbox with its label beside it and an optional hint below. */
export function Checkbox({ label, checked, onChange, name, hint }: CheckboxProps) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-emerald-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-800 text-sm">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-slate-500 text-sm">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}

interface RadioGroupProps<T extends string> {
  legend: ReactNode
  name: string
  value: T
  options: readonly { value: T; label: ReactNode; hint?: ReactNode }[]
  onChange: (value: T) => void
}

/** Two or three exclusive choices shown side by side (stacked on a phone). */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: RadioGroupProps<T>) {
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-slate-800 text-sm">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm ${
              value === option.value
                ? 'border-emerald-600 bg-emerald-50/60 ring-1 ring-emerald-600'
                : 'border-slate-300 bg-white hover:border-slate-400'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-emerald-700"
            />
            <span>
              <span className="block font-medium text-slate-900">{option.label}</span>
              {option.hint ? <span className="block text-slate-500">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
