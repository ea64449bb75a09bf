// The block panel's browser bundle: the same detail layout as the transaction panel.
import '../transaction/detail.css';
import { startDetailPanel } from '../transaction/detail';

startDetailPanel();
