// The leads feature's public face: what other features may use of it. Routes may import its files. The
// home page loads this at first paint: only the special request section (its form loads lazily) and two rules.
export { SpecialRequestSection } from './components/special-request-section';
export { departTimeOf, placeDepartError } from './special-request';
