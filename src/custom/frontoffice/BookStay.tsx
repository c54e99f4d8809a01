import { useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../../engine/screens/kinds';
import { LookToBook } from './LookToBook';

/** Look to book as a page of its own (from the menu, the reservation list and the dashboard). */
export default function BookStay(_props: ScreenProps) {
  const navigate = useNavigate();
  return (
    <div className="card">
      <div className="card-body">
        <LookToBook onBooked={(r) => navigate(`/frontoffice/reservation/detail/${r.id}`)} />
      </div>
    </div>
  );
}
