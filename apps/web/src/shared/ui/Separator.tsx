/** " · " between the parts of a line on screen; a comma for screen readers. */
export function Separator() {
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
    </>
  )
}
