// The one browser bundle of the detail panels: a transaction lookup's records, grouped, or a block.
import './detail.css';
import { startDetailPanel } from './render';

startDetailPanel();
