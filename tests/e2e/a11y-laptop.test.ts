// axe-core and the fit check on every screen at the 1366 px laptop (tests/e2e/a11y-scan.ts).
import { describeAccessibility, SIZES } from './a11y-scan';

describeAccessibility(SIZES.laptop);
