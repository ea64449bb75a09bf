// The transaction panel's browser bundle: every transaction a lookup returned, grouped.
import './detail.css';
import { startDetailPanel } from './detail';

startDetailPanel();
