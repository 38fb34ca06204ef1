import { SEARCH_MAX_LENGTH } from '@shop/contract'
import type { ComponentProps } from 'react'
import { SelectField } from '../../shared/ui/Field'
import { SearchField } from '../../shared/ui/SearchField'

/** A list's search of codes, names and addresses: typed as they are, no spell check. */
export function CodeSearchField(
  props: Omit<ComponentProps<typeof SearchField>, 'maxLength' | 'autoCapitalize' | 'spellCheck'>,
) {
  return (
    <SearchField
      {...props}
      maxLength={SEARCH_MAX_LENGTH}
      autoCapitalize="none"
      spellCheck={false}
    />
  )
}

/** Narrows a list to one of `values`, or to none of them (the first option, `allLabel`). */
export function ChoiceFilter<T extends string>({
  label,
  allLabel,
  values,
  value,
  optionLabel,
  onChange,
}: {
  label: string
  allLabel: string
  values: readonly T[]
  value: T | undefined
  optionLabel: (value: T) => string
  onChange: (value: T | undefined) => void
}) {
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(values.find((candidate) => candidate === event.target.value))}
    >
      <option value="">{allLabel}</option>
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {optionLabel(choice)}
        </option>
      ))}
    </SelectField>
  )
}
