// axe-core and the fit check on every screen at the 360 px handheld (tests/e2e/a11y-scan.ts).
import { describeAccessibility, SIZES } from './a11y-scan';

describeAccessibility(SIZES.handheld);
