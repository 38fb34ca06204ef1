// The dashboard's icon, drawn like the back office's others (24 px grid, decorative).
import { type IconProps, Svg } from '../../shared/ui/icons'

export function ChartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 4v15.5h16" />
      <path d="M8 15.5v-4M12 15.5V8M16 15.5v-6" />
    </Svg>
  )
}
