import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack, type SliderProps as AriaSliderProps } from 'react-aria-components';
import { cx } from './cx';
import * as styles from './Slider.css';

export interface SliderProps extends Omit<AriaSliderProps<number>, 'children' | 'className'> {
  label: string;
  /** what the output beside the label says for a value (the thumb's own text comes from `formatOptions`) */
  output: (value: number) => string;
  className?: string;
}

/**
 * One value on a track: a label, the value said beside it, and a thumb that arrow keys, Page Up/Down
 * and Home/End move (react-aria: right-to-left aware, mirrored in Arabic).
 */
export function Slider({ label, output, className, ...props }: SliderProps) {
  return (
    <AriaSlider {...props} className={cx(styles.slider, className)}>
      <Label className={styles.label}>{label}</Label>
      <SliderOutput className={styles.output}>{({ state }) => <bdi>{output(state.getThumbValue(0))}</bdi>}</SliderOutput>
      <SliderTrack className={styles.track}>
        {({ state }) => (
          <>
            <div className={styles.fill} style={{ inlineSize: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className={styles.thumb} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
