// A labelled multi-line field with its error, drawn as the basic shop's TextField.
interface TextAreaProps {
  id: string
  name: string
  label: string
  value?: string
  error?: string | undefined
  rows?: number
  maxLength?: number
}

export function TextArea({ id, name, label, value, error, rows = 5, maxLength }: TextAreaProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-slate-800 text-sm">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-none focus:ring-2 sm:text-sm ${
          error
            ? 'border-red-500 focus:ring-red-600/30'
            : 'border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30'
        }`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}
